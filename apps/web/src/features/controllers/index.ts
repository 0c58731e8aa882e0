export { anyControllerQuery } from './api/any-controller.ts';
export { controllerKeys } from './api/keys.ts';
export { OfflineControllers } from './components/offline-controllers.tsx';
export { unauthorizedControllersQuery } from './pending/get-unauthorized-controllers.ts';
