export { stronglyConnectedComponents } from './stronglyConnectedComponents.ts';
