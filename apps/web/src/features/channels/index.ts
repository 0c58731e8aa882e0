export { channelKeys } from './api/keys.ts';
export { ContactMethodsSection } from './contact-methods.tsx';
export { MyAlarmPages } from './my-alarm-pages.tsx';
export { NotificationRulesSection } from './notification-rules.tsx';
export { PushSection } from './push-section.tsx';
