export { channelKeys } from './api/keys.ts';
export { ContactMethodsSection } from './components/contact-methods.tsx';
export { MyAlarmPages } from './components/my-alarm-pages.tsx';
export { NotificationRulesSection } from './components/notification-rules.tsx';
export { PushSection } from './components/push-section.tsx';
