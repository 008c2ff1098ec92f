import Joi from 'joi';

// The runs routes' HTTP inputs. A run's config is the config file's contract: joi takes it as it is and the
// registry checks it against schemas/harness-config.schema.json (INVALID_CONFIG naming each pointer).

export const createRunBody = Joi.object({
  clock: Joi.string()
    .valid('fake', 'system')
    .description(
      'The run\'s clock: "fake" (virtual time from 2024-01-01, moved through its admin API) or "system" (default)',
    )
    .messages({ '*': 'must be "fake" or "system"' }),
  name: Joi.string()
    .min(1)
    .max(200)
    .description("A label for people (the inspector's run picker); default the run id")
    .messages({ '*': 'must be text of 1 to 200 characters' }),
  config: Joi.object()
    .unknown(true)
    .meta({ wireSchema: 'harness-config' })
    .description(
      'A harness config as in a config file (sources, delivery, journal, strict, ...); without sources the run gets one generated write key',
    )
    .messages({ '*': 'must be a JSON object: a harness config like \\{"sources": [\\{"writeKey": "..."\\}]\\}' }),
})
  .allow(null)
  .description('Every field is optional: an empty body makes a run on the system clock with one generated write key')
  .messages({ 'object.base': 'must be a JSON object like \\{"clock": "fake", "name": "checkout tests"\\}' });

export const runParams = Joi.object({
  id: Joi.string().required().description('The run id, e.g. run_abcdefgh23, or "default"'),
});
