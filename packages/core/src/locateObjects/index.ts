export { locateObjects } from './locateObjects.ts';
