export {
  actionsSettingsOf,
  SourceRegistry,
  webhookSettingsOf,
  type SourceListener,
  type SourceRegistryOptions,
} from './source-registry.js';
