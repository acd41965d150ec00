export { isObject } from './isObject.ts';
