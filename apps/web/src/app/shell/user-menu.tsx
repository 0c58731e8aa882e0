import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import type { AuthUser } from '@rcm/shared/auth';
import { LOCALES } from '@rcm/shared/locale';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from '@/components/ui/role-badge.tsx';
import { changeLanguage } from '@/features/account/api/change-language.ts';
import { currentLocale, LANGUAGE_NAMES } from '@/lib/i18n.ts';
import { useSeededName } from '@/lib/seeded-names.ts';
import { setTheme, type ThemeChoice, useTheme } from '@/lib/theme.ts';
import { userCan } from '@/lib/user-can.ts';
import { Avatar } from './avatar.tsx';

const itemClass =
  'block w-full px-4 py-2 text-left text-sm data-focus:bg-slate-100 data-focus:outline-none dark:data-focus:bg-slate-800';

function Entry(props: { to: string; title: string; hint: string }) {
  return (
    <MenuItem>
      <Link to={props.to} className={itemClass}>
        <span className="block font-medium">{props.title}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">{props.hint}</span>
      </Link>
    </MenuItem>
  );
}

function Choice(props: { label: string; selected: boolean; onSelect: () => void }) {
  return (
    <MenuItem>
      <button type="button" className={`${itemClass} flex items-center justify-between`} onClick={props.onSelect}>
        <span>{props.label}</span>
        {props.selected ? (
          <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M7.6 14.2 3.4 10l1.4-1.4 2.8 2.8 7.6-7.6L16.6 5z" />
          </svg>
        ) : null}
        <span className="sr-only">{props.selected ? '✓' : ''}</span>
      </button>
    </MenuItem>
  );
}

export function UserMenu(props: { user: AuthUser }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const theme = useTheme();
  const { user } = props;
  const locale = currentLocale();
  const themes: ThemeChoice[] = ['system', 'light', 'dark'];
  const themeLabel = { system: 'userMenu.themeSystem', light: 'userMenu.themeLight', dark: 'userMenu.themeDark' };

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full p-0.5 hover:bg-slate-100 dark:hover:bg-slate-800">
        <Avatar avatarUrl={user.avatar_url} name={user.name} />
        <span className="sr-only">{t('userMenu.open')}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-2 w-72 rounded-lg border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-start gap-3 px-4 py-3">
          <Avatar avatarUrl={user.avatar_url} name={user.name} size="md" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="mt-1">
              <RoleBadge name={user.role.name} color={user.role.color} />
            </p>
            <p className="mt-1 truncate text-xs text-slate-600 dark:text-slate-300">
              {user.team ? seeded('team', user.team.name) : t('userMenu.noTeam')}
            </p>
          </div>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <Entry to="/search" title={t('userMenu.search')} hint={t('userMenu.searchHint')} />
        <Entry to="/account" title={t('userMenu.account')} hint={t('userMenu.accountHint')} />
        {userCan(user, 'settings.view') ? (
          <Entry to="/settings" title={t('userMenu.settings')} hint={t('userMenu.settingsHint')} />
        ) : null}
        <Entry to="/legal" title={t('userMenu.legal')} hint={t('userMenu.legalHint')} />
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuSection aria-label={t('userMenu.theme')}>
          <p
            className="px-4 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
            aria-hidden="true"
          >
            {t('userMenu.theme')}
          </p>
          {themes.map((choice) => (
            <Choice
              key={choice}
              label={t(themeLabel[choice])}
              selected={theme === choice}
              onSelect={() => setTheme(choice)}
            />
          ))}
        </MenuSection>
        <MenuSection aria-label={t('userMenu.language')}>
          <p
            className="px-4 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
            aria-hidden="true"
          >
            {t('userMenu.language')}
          </p>
          {LOCALES.map((l) => (
            <Choice
              key={l}
              label={LANGUAGE_NAMES[l]}
              selected={locale === l}
              onSelect={() => void changeLanguage(user, l)}
            />
          ))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
        <MenuItem>
          <Link to="/user/logout" className={`${itemClass} font-medium text-red-700 dark:text-red-300`}>
            {t('userMenu.logout')}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
