export { MAIN_HELP, main, waitsForOutput } from './main.ts';
