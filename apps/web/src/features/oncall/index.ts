export { deletePolicy, policiesQuery, savePolicy, sharedPoliciesQuery } from './api/escalation-policies.ts';
export { escalationPolicyKeys, oncallKeys } from './api/keys.ts';
export { pagingWarningsQuery } from './api/paging.ts';
export {
  addOverride,
  deleteSchedule,
  oncallNowQuery,
  oncallSchedulesQuery,
  removeOverride,
  saveSchedule,
  shiftsQuery,
} from './api/schedules.ts';
export { AlarmPages } from './components/alarm-pages.tsx';
export { OnCallNow } from './components/on-call-now.tsx';
export { PagingWarnings } from './components/paging-warnings.tsx';
