export { AlarmPages } from './alarm-pages.tsx';
export { deletePolicy, policiesQuery, savePolicy, sharedPoliciesQuery } from './api/escalation-policies.ts';
export { escalationPolicyKeys, oncallKeys } from './api/keys.ts';
export {
  addOverride,
  deleteSchedule,
  oncallNowQuery,
  oncallSchedulesQuery,
  removeOverride,
  saveSchedule,
  shiftsQuery,
} from './api/schedules.ts';
export { pagingWarningsQuery } from './api.ts';
export { OnCallNow } from './on-call-now.tsx';
export { PagingWarnings } from './paging-warnings.tsx';
