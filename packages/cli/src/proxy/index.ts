export { DEFAULT_PROXY_GRACE_MS, PROXY_HELP, type ProxySettings, runProxy } from './proxy.ts';
