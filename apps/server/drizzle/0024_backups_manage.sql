-- backups_manage (taking and downloading backups) is new: the Administrator role gets it, and so does
-- any role that held every permission there was before it (an Administrator role someone renamed).
-- Nobody else: a backup holds every organization's data and every password hash.
UPDATE "roles" SET "permissions" = array_append("permissions", 'backups_manage')
WHERE NOT ('backups_manage' = ANY ("permissions"))
  AND (
    "name" = 'Administrator'
    OR "permissions" @> ARRAY[
      'locations_view', 'locations_view_all', 'locations_create', 'locations_edit',
      'controllers_view', 'controllers_view_all', 'controllers_edit', 'controllers_update', 'controller_authorize',
      'inventory_view', 'assets_view', 'reports_view', 'jobs_view',
      'organization_view', 'organization_view_all', 'organization_create', 'organization_edit',
      'alarms_view', 'settings_view', 'settings_update', 'search_view',
      'alarms_acknowledge', 'alarms_clear', 'users_impersonate', 'jobs_create', 'inventory_edit', 'assets_edit'
    ]::text[]
  );
