export { refrigerantKeys } from './api/keys.ts';
export { RackRefrigerant } from './components/rack-refrigerant.tsx';
