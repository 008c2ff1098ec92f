export { loadConfigFile, parseConfig, type LoadedConfig } from './load-config.js';
