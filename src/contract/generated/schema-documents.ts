/* eslint-disable */
/**
 * DO NOT EDIT: generated from schemas/ by `npm run generate` (scripts/generate-types.mjs).
 * `npm run check:types-generated` fails when this file is stale.
 */

export type SchemaName =
  | "actions-webhook-settings"
  | "alias"
  | "audience"
  | "batch"
  | "client-options"
  | "collection-message"
  | "common"
  | "deletion-request"
  | "delivery-record"
  | "driver-protocol"
  | "error-response"
  | "group"
  | "harness-config"
  | "http-config"
  | "identify"
  | "journal-entry"
  | "page"
  | "run-settings"
  | "screen"
  | "track"
  | "webhook-alias"
  | "webhook-delete"
  | "webhook-group"
  | "webhook-identify"
  | "webhook-page"
  | "webhook-payload"
  | "webhook-screen"
  | "webhook-settings"
  | "webhook-track";

export const schemaNames: readonly SchemaName[] = ["actions-webhook-settings","alias","audience","batch","client-options","collection-message","common","deletion-request","delivery-record","driver-protocol","error-response","group","harness-config","http-config","identify","journal-entry","page","run-settings","screen","track","webhook-alias","webhook-delete","webhook-group","webhook-identify","webhook-page","webhook-payload","webhook-screen","webhook-settings","webhook-track"];

export const schemaDocuments: Readonly<Record<SchemaName, Readonly<Record<string, unknown>>>> = {
  "actions-webhook-settings": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/actions-webhook-settings.schema.json",
    "title": "ActionsWebhookSettings",
    "description": "Settings of the Webhooks (Actions) destination (integrations key \"Webhooks (Actions)\"): up to 5 mappings, each sending the events it subscribes to with POST, PUT or PATCH to its URL with its headers, one event per request or batched as a JSON array; a shared secret signs each request (X-Signature: hex HMAC-SHA1 of the first event's JSON, as the public action-destinations source computes it).",
    "type": "object",
    "required": [
      "mappings"
    ],
    "additionalProperties": false,
    "properties": {
      "sharedSecret": {
        "type": "string",
        "minLength": 1,
        "description": "When set, every request carries X-Signature: hex HMAC-SHA1 over JSON.stringify of the event (of the first event of a batch)."
      },
      "enabled": {
        "type": "boolean",
        "default": true
      },
      "timeoutMs": {
        "type": "integer",
        "minimum": 1,
        "maximum": 3600000,
        "default": 10000,
        "description": "The receiver must answer within this (the actions request client's 10 s). At most 1 hour."
      },
      "batchWindowMs": {
        "type": "integer",
        "minimum": 0,
        "default": 1000,
        "description": "A batching mapping sends a partial batch this long (harness clock) after its first event; a full batch goes at once."
      },
      "mappings": {
        "type": "array",
        "minItems": 1,
        "maxItems": 5,
        "items": {
          "title": "ActionsWebhookMapping",
          "type": "object",
          "required": [
            "url"
          ],
          "additionalProperties": false,
          "properties": {
            "name": {
              "type": "string"
            },
            "subscribe": {
              "type": "array",
              "minItems": 1,
              "uniqueItems": true,
              "items": {
                "enum": [
                  "track",
                  "page",
                  "screen",
                  "identify",
                  "group",
                  "alias"
                ]
              },
              "description": "Event types this mapping sends (the trigger); default all of them."
            },
            "url": {
              "type": "string",
              "format": "uri",
              "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"
            },
            "method": {
              "enum": [
                "POST",
                "PUT",
                "PATCH"
              ],
              "default": "POST"
            },
            "headers": {
              "type": "object",
              "propertyNames": {
                "pattern": "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
              },
              "additionalProperties": {
                "type": "string",
                "pattern": "^[\\u0020-\\u007e\\t]*$"
              },
              "description": "HTTP headers sent with each request (ASCII only). They may not set Content-Type, Content-Length, X-Signature or Host, nor Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade or Expect, in any letter case."
            },
            "enableBatching": {
              "type": "boolean",
              "default": false
            },
            "batchSize": {
              "type": "integer",
              "minimum": 1,
              "maximum": 4000,
              "default": 1000,
              "description": "Events per batch: default 1,000, at most 4,000 (the destination's documented limits)."
            }
          }
        }
      }
    },
    "examples": [
      {
        "sharedSecret": "my-signing-secret",
        "mappings": [
          {
            "name": "Tracks to the warehouse loader",
            "subscribe": [
              "track"
            ],
            "url": "https://example.com/hooks/tracks",
            "method": "PUT",
            "headers": {
              "Authorization": "Bearer abc123"
            },
            "enableBatching": true,
            "batchSize": 100
          }
        ]
      }
    ]
  },
  "alias": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/alias.schema.json",
    "title": "AliasMessage",
    "description": "An Alias call to the collection API (rule 2.3 in docs/rules.md): both the new userId and the previousId are required.",
    "type": "object",
    "properties": {
      "type": {
        "const": "alias"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "originalTimestamp": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "receivedAt": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "previousId": {
        "$ref": "common.schema.json#/definitions/Id"
      }
    },
    "required": [
      "type",
      "userId",
      "previousId"
    ],
    "additionalProperties": true,
    "examples": [
      {
        "type": "alias",
        "previousId": "anon-39f2a1",
        "userId": "019mr8mf4r",
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "audience": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/audience.schema.json",
    "title": "AudienceDefinition",
    "description": "An audience (rule 6.2 in docs/rules.md): a name and a membership, given as members or computed by a rule over the journal. The trait key is the name in snake_case.",
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "pattern": "[A-Za-z0-9]"
      },
      "members": {
        "type": "array",
        "items": {
          "$ref": "common.schema.json#/definitions/Id"
        },
        "uniqueItems": true
      },
      "rule": {
        "title": "AudienceRule",
        "description": "Membership computed from the accepted events in the journal.",
        "oneOf": [
          {
            "title": "PerformedRule",
            "type": "object",
            "additionalProperties": false,
            "required": [
              "performed"
            ],
            "properties": {
              "performed": {
                "type": "string",
                "minLength": 1,
                "description": "Track event name."
              },
              "atLeast": {
                "type": "integer",
                "minimum": 1,
                "default": 1
              }
            }
          },
          {
            "title": "TraitRule",
            "type": "object",
            "additionalProperties": false,
            "required": [
              "trait",
              "equals"
            ],
            "properties": {
              "trait": {
                "type": "string",
                "minLength": 1
              },
              "equals": {
                "type": [
                  "string",
                  "number",
                  "boolean",
                  "null"
                ]
              }
            }
          }
        ]
      },
      "writeKeys": {
        "type": "array",
        "items": {
          "type": "string",
          "minLength": 1
        },
        "description": "Only these sources receive the audience's Identify calls; default: every source with the Webhooks destination."
      }
    },
    "oneOf": [
      {
        "title": "GivenMembers",
        "required": [
          "members"
        ],
        "not": {
          "required": [
            "rule"
          ]
        }
      },
      {
        "title": "ComputedMembers",
        "required": [
          "rule"
        ],
        "not": {
          "required": [
            "members"
          ]
        }
      }
    ],
    "$comment": "Exactly one of members or rule: {} or both is refused (issue 16).",
    "examples": [
      {
        "name": "High Value Users",
        "members": [
          "019mr8mf4r",
          "u-2"
        ]
      },
      {
        "name": "Purchasers",
        "rule": {
          "performed": "Order Completed",
          "atLeast": 2
        }
      }
    ]
  },
  "batch": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/batch.schema.json",
    "title": "BatchEnvelope",
    "description": "The body of POST /v1/batch and /v1/import: at most 2,500 events; envelope context and integrations are merged into each event (the event's own keys win). Each event is validated on its own, so one bad event does not sink the batch.",
    "type": "object",
    "required": [
      "batch"
    ],
    "properties": {
      "batch": {
        "type": "array",
        "maxItems": 2500,
        "items": {
          "type": "object",
          "additionalProperties": true,
          "properties": {
            "type": {
              "type": "string"
            }
          }
        }
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "writeKey": {
        "type": "string",
        "minLength": 1
      }
    },
    "additionalProperties": true,
    "examples": [
      {
        "writeKey": "wk_live_example",
        "sentAt": "2012-12-02T00:30:08.276Z",
        "batch": [
          {
            "type": "identify",
            "userId": "019mr8mf4r",
            "traits": {
              "email": "jake@example.com"
            }
          },
          {
            "type": "track",
            "userId": "019mr8mf4r",
            "event": "Signed Up"
          }
        ]
      }
    ]
  },
  "client-options": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/client-options.schema.json",
    "title": "ClientOptions",
    "description": "Options of the batching client (rule 2.5 in docs/rules.md). size and flushAt are one setting (messages queued before a flush, 1 turns batching off); flushAfter is in milliseconds.",
    "type": "object",
    "properties": {
      "size": {
        "type": "integer",
        "minimum": 1,
        "default": 20
      },
      "flushAt": {
        "type": "integer",
        "minimum": 1,
        "default": 20
      },
      "flushAfter": {
        "type": "integer",
        "minimum": 1,
        "default": 5000,
        "description": "Milliseconds since the last flush before the queue is flushed."
      },
      "endpoint": {
        "type": "string",
        "format": "uri",
        "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://",
        "description": "Base URL of the collection API."
      },
      "timeout": {
        "type": "integer",
        "minimum": 1,
        "default": 10000,
        "description": "Per-request timeout in milliseconds."
      },
      "retries": {
        "type": "integer",
        "minimum": 0,
        "default": 10,
        "description": "Retries per batch after the first attempt."
      },
      "maxQueueSize": {
        "type": "integer",
        "minimum": 1,
        "default": 10000,
        "description": "Messages held before calls are refused."
      }
    },
    "additionalProperties": true,
    "examples": [
      {
        "flushAt": 20,
        "flushAfter": 5000
      },
      {
        "size": 1
      }
    ]
  },
  "collection-message": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/collection-message.schema.json",
    "title": "CollectionMessage",
    "description": "Any one call to the collection API, chosen by its type.",
    "type": "object",
    "required": [
      "type"
    ],
    "discriminator": {
      "propertyName": "type"
    },
    "oneOf": [
      {
        "$ref": "identify.schema.json"
      },
      {
        "$ref": "track.schema.json"
      },
      {
        "$ref": "page.schema.json"
      },
      {
        "$ref": "screen.schema.json"
      },
      {
        "$ref": "group.schema.json"
      },
      {
        "$ref": "alias.schema.json"
      }
    ],
    "examples": [
      {
        "type": "track",
        "anonymousId": "anon-1",
        "event": "Signed Up"
      }
    ]
  },
  "common": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/common.schema.json",
    "title": "Common",
    "description": "Shared definitions of the wire contract (rules 2.2-2.4 in docs/rules.md).",
    "definitions": {
      "Id": {
        "title": "Id",
        "description": "A user, anonymous, group or message identifier: a non-empty string.",
        "type": "string",
        "minLength": 1
      },
      "IsoTimestamp": {
        "title": "IsoTimestamp",
        "description": "An ISO 8601 / RFC 3339 date-time string.",
        "type": "string",
        "format": "date-time"
      },
      "NullableIsoTimestamp": {
        "title": "NullableIsoTimestamp",
        "description": "An ISO 8601 / RFC 3339 date-time string, or null: kept as the call carried it (docs/decisions.md, \"Nulls in optional fields\").",
        "type": [
          "string",
          "null"
        ],
        "format": "date-time"
      },
      "UtcMillisTimestamp": {
        "title": "UtcMillisTimestamp",
        "description": "An ISO 8601 timestamp in UTC with millisecond precision, as webhook payloads carry (rule 2.2 in docs/rules.md).",
        "type": "string",
        "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"
      },
      "FreeForm": {
        "title": "FreeForm",
        "description": "Free-form key/value pairs; keys may contain spaces.",
        "type": "object",
        "additionalProperties": true
      },
      "NullableFreeForm": {
        "title": "NullableFreeForm",
        "description": "Free-form key/value pairs, or null: kept as the call carried it (docs/decisions.md, \"Nulls in optional fields\").",
        "type": [
          "object",
          "null"
        ],
        "additionalProperties": true
      },
      "Integrations": {
        "title": "Integrations",
        "description": "Destination name to enabled flag (rule 2.4 in docs/rules.md). Keys are case sensitive; All=false disables every destination not named true. An object value counts as enabled (destination options), as the real service accepts.",
        "type": "object",
        "additionalProperties": {
          "type": [
            "boolean",
            "object"
          ]
        },
        "examples": [
          {
            "All": false,
            "Webhooks": true
          },
          {
            "Webhooks": false
          }
        ]
      },
      "Context": {
        "title": "Context",
        "description": "Device, IP and similar information attached to calls (rule 2.2 in docs/rules.md).",
        "type": "object",
        "additionalProperties": true,
        "properties": {
          "ip": {
            "type": "string"
          },
          "device": {
            "type": "object",
            "additionalProperties": true,
            "properties": {
              "model": {
                "type": "string"
              },
              "type": {
                "type": "string"
              }
            }
          },
          "os": {
            "type": "object",
            "additionalProperties": true,
            "properties": {
              "name": {
                "type": "string"
              },
              "version": {
                "type": "string"
              }
            }
          },
          "app": {
            "type": "object",
            "additionalProperties": true,
            "properties": {
              "build": {
                "type": "string"
              },
              "name": {
                "type": "string"
              },
              "version": {
                "type": "string"
              }
            }
          },
          "library": {
            "type": "object",
            "additionalProperties": true,
            "properties": {
              "name": {
                "type": "string"
              },
              "version": {
                "type": "string"
              }
            }
          },
          "personas": {
            "type": "object",
            "additionalProperties": true,
            "properties": {
              "computation_class": {
                "type": "string"
              },
              "computation_key": {
                "type": "string"
              }
            }
          }
        },
        "examples": [
          {
            "device": {
              "model": "x86_64",
              "type": "ios"
            },
            "os": {
              "name": "iOS",
              "version": "7.0"
            },
            "app": {
              "build": "88",
              "name": "YourApp",
              "version": "2.0.1"
            }
          }
        ]
      }
    }
  },
  "deletion-request": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/deletion-request.schema.json",
    "title": "DeletionRequest",
    "description": "A request to delete users: each affected source with the Webhooks destination enabled gets one delete notification per user.",
    "type": "object",
    "required": [
      "userIds"
    ],
    "additionalProperties": false,
    "properties": {
      "userIds": {
        "type": "array",
        "minItems": 1,
        "maxItems": 5000,
        "items": {
          "$ref": "common.schema.json#/definitions/Id"
        }
      },
      "writeKeys": {
        "type": "array",
        "items": {
          "type": "string",
          "minLength": 1
        },
        "description": "Sources named as affected in addition to those holding events of the users."
      }
    },
    "examples": [
      {
        "userIds": [
          "019mr8mf4r"
        ]
      },
      {
        "userIds": [
          "u-1",
          "u-2"
        ],
        "writeKeys": [
          "wk_live_example"
        ]
      }
    ]
  },
  "delivery-record": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/delivery-record.schema.json",
    "title": "DeliveryRecord",
    "description": "One webhook delivery with every attempt: GET /__harness/deliveries.",
    "type": "object",
    "required": [
      "id",
      "messageId",
      "type",
      "writeKey",
      "state",
      "attempts"
    ],
    "additionalProperties": true,
    "properties": {
      "id": {
        "type": "string"
      },
      "messageId": {
        "type": "string"
      },
      "type": {
        "type": "string"
      },
      "writeKey": {
        "type": "string"
      },
      "state": {
        "enum": [
          "pending",
          "delivered",
          "failed",
          "expired"
        ]
      },
      "nextAttemptAt": {
        "type": "string",
        "description": "When the next retry is due (ISO 8601), while pending."
      },
      "takeovers": {
        "type": "integer",
        "minimum": 1,
        "description": "With a shared store: walks of this delivery resumed after the process walking them died mid-walk (its lease ran out). Each may have sent the receiver a request no attempt records: the receiver got at most attempts + takeovers requests. Absent when none."
      },
      "attempts": {
        "type": "array",
        "items": {
          "title": "DeliveryAttempt",
          "type": "object",
          "required": [
            "url",
            "at",
            "durationMs"
          ],
          "additionalProperties": true,
          "properties": {
            "url": {
              "type": "string"
            },
            "at": {
              "type": "string"
            },
            "status": {
              "type": "integer"
            },
            "error": {
              "type": "string"
            },
            "durationMs": {
              "type": "number",
              "minimum": 0,
              "description": "On the harness clock: 0 on the fake clock unless time was moved during the attempt."
            },
            "realDurationMs": {
              "type": "number",
              "minimum": 0,
              "description": "Wall-clock milliseconds the attempt took, whatever the harness clock."
            },
            "verdict": {
              "enum": [
                "success",
                "retryable",
                "permanent"
              ],
              "description": "How the service judges the attempt: permanent failures (3xx, 4xx other than 408 and 429, a self-signed certificate) are not retried."
            },
            "answer": {
              "type": "string",
              "description": "The start (at most 1,024 bytes) of the receiver's body when it answered with a failure status."
            }
          }
        }
      }
    },
    "examples": [
      {
        "id": "d-1",
        "messageId": "m-1",
        "type": "track",
        "writeKey": "wk",
        "state": "delivered",
        "attempts": [
          {
            "url": "https://example.com/hook",
            "at": "2012-12-02T00:30:08.276Z",
            "status": 200,
            "durationMs": 12
          }
        ]
      }
    ]
  },
  "driver-protocol": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/driver-protocol.schema.json",
    "title": "DriverProtocolLine",
    "description": "One line of the client driver protocol (docs/client-suite.md): JSON lines over stdio between the client suite and a driver. The driver's first line is its ready line (DriverHello); then the suite writes requests (DriverRequest) and the driver answers each (DriverAnswer), matched by id. Drivers may add fields; the suite ignores what it does not know.",
    "anyOf": [
      {
        "$ref": "#/definitions/DriverHello"
      },
      {
        "$ref": "#/definitions/DriverRequest"
      },
      {
        "$ref": "#/definitions/DriverAnswer"
      }
    ],
    "definitions": {
      "DriverHello": {
        "title": "DriverHello",
        "description": "The driver's first line on stdout, once it can take requests.",
        "type": "object",
        "required": [
          "ready",
          "name",
          "capabilities"
        ],
        "properties": {
          "ready": {
            "const": true
          },
          "name": {
            "type": "string",
            "description": "The client under test, as reports name it."
          },
          "capabilities": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "What the rules leave optional (screen) and the knobs the client takes from init (flushAt, flushAfter). Older names (retry, maxEventSize, ...) are accepted and change nothing."
          }
        }
      },
      "DriverInitConfig": {
        "title": "DriverInitConfig",
        "description": "The config of an init request. The suite always sends flushAt and flushAfterMs; a driver whose client cannot take one is tested at the rules' default (it does not list the knob). The shipped driver also takes retries, timeout and maxQueueSize.",
        "type": "object",
        "required": [
          "flushAt",
          "flushAfterMs"
        ],
        "properties": {
          "flushAt": {
            "type": "integer",
            "minimum": 1
          },
          "flushAfterMs": {
            "type": "integer",
            "minimum": 1
          },
          "retries": {
            "type": "integer",
            "minimum": 0
          },
          "timeout": {
            "type": "integer",
            "minimum": 1
          },
          "maxQueueSize": {
            "type": "integer",
            "minimum": 1
          }
        }
      },
      "DriverRequest": {
        "title": "DriverRequest",
        "description": "A line the suite writes to the driver's stdin: init (close the current client, flushing it, and start a new one), one call of the client, flush or close (answered once every queued call is settled).",
        "type": "object",
        "required": [
          "id",
          "op"
        ],
        "properties": {
          "id": {
            "type": "integer",
            "minimum": 1,
            "description": "Increasing; the answer carries it back."
          },
          "op": {
            "enum": [
              "init",
              "identify",
              "track",
              "page",
              "screen",
              "group",
              "alias",
              "flush",
              "close"
            ]
          },
          "config": {
            "$ref": "#/definitions/DriverInitConfig"
          },
          "message": {
            "type": "object",
            "description": "The call's message (identify, track, page, screen, group, alias), passed to the client as given: possibly invalid on purpose, for the client to refuse."
          }
        }
      },
      "DriverAnswer": {
        "title": "DriverAnswer",
        "description": "The driver's answer to one request: ok true once the call is queued (or init, flush, close done), ok false with the error the client gave when it refused. flush and close may add what they settled (delivered, failed).",
        "type": "object",
        "required": [
          "id",
          "ok"
        ],
        "properties": {
          "id": {
            "type": [
              "integer",
              "null"
            ],
            "description": "The request's id; null for a line that was not a request."
          },
          "ok": {
            "type": "boolean"
          },
          "error": {
            "type": "string",
            "description": "With ok false: why the client refused (expected; an answer without it is shown whole)."
          },
          "delivered": {
            "type": "integer",
            "minimum": 0
          },
          "failed": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "messageIds that failed for good."
          }
        }
      }
    }
  },
  "error-response": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/error-response.schema.json",
    "title": "ErrorResponse",
    "description": "The body of every 4xx answer of the collection and admin APIs.",
    "type": "object",
    "required": [
      "success",
      "code",
      "message"
    ],
    "additionalProperties": true,
    "properties": {
      "success": {
        "const": false
      },
      "code": {
        "type": "string",
        "minLength": 1
      },
      "message": {
        "type": "string",
        "minLength": 1
      },
      "errors": {
        "type": "array",
        "items": {
          "type": "object",
          "title": "ErrorDetail",
          "additionalProperties": true,
          "properties": {
            "pointer": {
              "type": "string"
            },
            "rule": {
              "type": "string"
            },
            "message": {
              "type": "string"
            },
            "received": {}
          }
        }
      }
    },
    "examples": [
      {
        "success": false,
        "code": "EVENT_TOO_LARGE",
        "message": "batch[3] is 40210 bytes; one event may be at most 32768 bytes of JSON"
      }
    ]
  },
  "group": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/group.schema.json",
    "title": "GroupMessage",
    "description": "A Group call to the collection API (rule 2.3 in docs/rules.md). Needs a groupId.",
    "type": "object",
    "properties": {
      "type": {
        "const": "group"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "originalTimestamp": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "receivedAt": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "groupId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "traits": {
        "$ref": "common.schema.json#/definitions/NullableFreeForm"
      }
    },
    "required": [
      "type",
      "groupId"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "type": "group",
        "userId": "019mr8mf4r",
        "groupId": "8e9df332-4d31-4e3e-b1b0-9ea8e1e8f07e",
        "traits": {
          "name": "Initech",
          "industry": "Technology",
          "employees": 329,
          "plan": "enterprise",
          "total billed": 830
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "harness-config": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/harness-config.schema.json",
    "title": "HarnessConfig",
    "description": "The config file of `event-harness serve --config FILE`.",
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "$schema": {
        "type": "string"
      },
      "sources": {
        "type": "array",
        "items": {
          "title": "SourceConfig",
          "type": "object",
          "required": [
            "writeKey"
          ],
          "additionalProperties": false,
          "properties": {
            "writeKey": {
              "type": "string",
              "minLength": 1
            },
            "name": {
              "type": "string"
            },
            "destinations": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "Webhooks": {
                  "$ref": "webhook-settings.schema.json"
                },
                "Webhooks (Actions)": {
                  "$ref": "actions-webhook-settings.schema.json"
                }
              }
            },
            "projectId": {
              "type": "string",
              "minLength": 1,
              "maxLength": 256,
              "description": "The source id delivered events carry as projectId. Default: 22 letters and digits derived from the write key, the same on every start and every node."
            },
            "payloadVersion": {
              "enum": [
                1,
                2
              ],
              "description": "The version field of this source's webhook payloads; default delivery.payloadVersion (1)."
            },
            "httpConfig": {
              "$ref": "http-config.schema.json",
              "description": "integrations[\"Segment.io\"].httpConfig in the browser settings of this source; default the top-level httpConfig."
            }
          }
        }
      },
      "tls": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "ca": {
            "type": "array",
            "items": {
              "type": "string",
              "minLength": 1
            },
            "description": "PEM files (paths relative to the config file) trusted in addition to the system store."
          }
        }
      },
      "strict": {
        "type": "boolean",
        "default": false,
        "description": "Answer 400 listing every violation instead of journaling events as rejected."
      },
      "httpConfig": {
        "$ref": "http-config.schema.json",
        "description": "integrations[\"Segment.io\"].httpConfig in the browser settings of every source (a source's own httpConfig wins): how analytics.js answers 429 and other errors."
      },
      "delivery": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "userAgent": {
            "type": "string",
            "default": "Segment.io/1.0"
          },
          "aliasFields": {
            "enum": [
              "standard",
              "documented"
            ],
            "default": "standard",
            "description": "standard: previousId/userId; documented: \"Previous ID\"/\"User ID\" as in the documented sample."
          },
          "timeoutMs": {
            "type": "integer",
            "minimum": 1,
            "maximum": 3600000,
            "default": 5000,
            "description": "At most 1 hour: a longer wait is no timeout a receiver can be tested against."
          },
          "retryWindowMs": {
            "type": "integer",
            "minimum": 0,
            "maximum": 604800000,
            "default": 14400000,
            "description": "At most 7 days: retries are at most 30 minutes apart, so a longer window would fire unboundedly many timers when the fake clock is advanced."
          },
          "concurrency": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1024,
            "default": 32,
            "description": "At most 1,024 requests at once (the server's own connection cap)."
          },
          "capacity": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000000,
            "default": 100000,
            "description": "Delivery records held. Past it the oldest finished one is dropped; when all are unfinished the collection API answers 429 DELIVERY_BACKLOG_FULL."
          },
          "maxAgeMs": {
            "type": "integer",
            "minimum": 1,
            "description": "Finished deliveries (delivered, failed, expired) are dropped this long after they finished (harness clock, ms); a pending delivery is never dropped by age. Unset: no age bound."
          },
          "blockPrivateTargets": {
            "type": "boolean",
            "default": false,
            "description": "Refuse webhook targets whose address, after DNS resolution, is private, link-local, loopback or otherwise not public (for shared deployments); the attempt fails with TARGET_ADDRESS_REFUSED and is not retried."
          },
          "payloadVersion": {
            "enum": [
              1,
              2
            ],
            "default": 1,
            "description": "The version field of webhook payloads: 1, as the documented payloads carry, or 2, as observed deliveries carry (docs/decisions.md). A source's payloadVersion wins."
          }
        }
      },
      "journal": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "capacity": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000000,
            "default": 100000,
            "description": "Entries kept; counts stay exact past it."
          },
          "maxBytes": {
            "type": "integer",
            "minimum": 1048576,
            "maximum": 4294967296,
            "default": 268435456,
            "description": "Characters of event text held at most (256 Mi by default); past it the oldest entries go, counts stay exact."
          },
          "maxAgeMs": {
            "type": "integer",
            "minimum": 1,
            "description": "Entries recorded longer ago than this (harness clock) are no longer held; counts stay exact. Unset: no age bound."
          }
        }
      },
      "rateLimit": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "requestsPerSecond"
        ],
        "description": "Answer 429 with Retry-After and X-RateLimit-Reset to collection requests beyond this rate (per second of the harness clock, the whole service), as the real API may past its limit.",
        "properties": {
          "requestsPerSecond": {
            "type": "integer",
            "minimum": 1
          }
        }
      }
    },
    "examples": [
      {
        "sources": [
          {
            "writeKey": "wk_live_example",
            "name": "Website",
            "destinations": {
              "Webhooks": {
                "sharedSecret": "my-signing-secret",
                "webhooks": [
                  {
                    "url": "https://example.com/hooks",
                    "headers": {
                      "X-Team": "growth"
                    }
                  }
                ]
              }
            }
          }
        ],
        "tls": {
          "ca": [
            "test-ca.pem"
          ]
        },
        "strict": false
      }
    ]
  },
  "http-config": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/http-config.schema.json",
    "title": "HttpConfig",
    "description": "How the SDKs answer the collection API's errors, as @segment/analytics-next (1.84.0 and later) reads it from the settings' integrations[\"Segment.io\"].httpConfig, where it wins over the init options (packages/browser/src/plugins/segmentio/shared-dispatcher.ts, resolveHttpConfig). Served as given; the SDK clamps each number to its own range. Keys the SDKs do not read are passed through.",
    "type": "object",
    "additionalProperties": true,
    "properties": {
      "rateLimitConfig": {
        "type": "object",
        "additionalProperties": true,
        "description": "429 answers.",
        "properties": {
          "enabled": {
            "type": "boolean"
          },
          "maxRetryCount": {
            "type": "integer",
            "minimum": 0,
            "description": "Retries of a rate-limited event (SDK default 10)."
          },
          "maxRetryInterval": {
            "type": "number",
            "minimum": 0,
            "description": "Longest Retry-After honoured, seconds (SDK default 300)."
          },
          "maxRateLimitDuration": {
            "type": "number",
            "minimum": 0,
            "description": "Seconds (SDK default 43200)."
          }
        }
      },
      "backoffConfig": {
        "type": "object",
        "additionalProperties": true,
        "description": "Other error answers.",
        "properties": {
          "enabled": {
            "type": "boolean"
          },
          "maxRetryCount": {
            "type": "integer",
            "minimum": 0,
            "description": "SDK default 10."
          },
          "baseBackoffInterval": {
            "type": "number",
            "minimum": 0,
            "description": "Seconds (SDK default 0.5)."
          },
          "maxBackoffInterval": {
            "type": "number",
            "minimum": 0,
            "description": "Seconds (SDK default 60)."
          },
          "maxTotalBackoffDuration": {
            "type": "number",
            "minimum": 0,
            "description": "Seconds (SDK default 43200)."
          },
          "jitterPercent": {
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "description": "SDK default 10."
          },
          "default4xxBehavior": {
            "enum": [
              "drop",
              "retry"
            ],
            "description": "SDK default drop."
          },
          "default5xxBehavior": {
            "enum": [
              "drop",
              "retry"
            ],
            "description": "SDK default retry."
          },
          "statusCodeOverrides": {
            "type": "object",
            "description": "Per status code (its three digits as the key): drop or retry.",
            "propertyNames": {
              "pattern": "^[1-5][0-9]{2}$"
            },
            "additionalProperties": {
              "enum": [
                "drop",
                "retry"
              ]
            }
          }
        }
      }
    },
    "examples": [
      {
        "backoffConfig": {
          "statusCodeOverrides": {
            "503": "drop"
          }
        }
      },
      {
        "rateLimitConfig": {
          "maxRetryCount": 0
        }
      }
    ]
  },
  "identify": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/identify.schema.json",
    "title": "IdentifyMessage",
    "description": "An Identify call to the collection API (rule 2.3 in docs/rules.md).",
    "type": "object",
    "properties": {
      "type": {
        "const": "identify"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "originalTimestamp": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "receivedAt": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "traits": {
        "$ref": "common.schema.json#/definitions/NullableFreeForm"
      }
    },
    "required": [
      "type"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "type": "identify",
        "userId": "019mr8mf4r",
        "traits": {
          "email": "jake@example.com",
          "name": "Jake Peterson",
          "age": 26
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "journal-entry": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/journal-entry.schema.json",
    "title": "JournalEntry",
    "description": "One event as the admin API shows it: GET /__harness/events.",
    "type": "object",
    "required": [
      "status",
      "writeKey",
      "event"
    ],
    "additionalProperties": false,
    "properties": {
      "seq": {
        "type": "integer",
        "minimum": 1,
        "description": "Arrival order, from 1."
      },
      "status": {
        "enum": [
          "accepted",
          "rejected",
          "duplicate",
          "filtered"
        ]
      },
      "reason": {
        "type": "string"
      },
      "writeKey": {
        "type": "string"
      },
      "event": {
        "type": "object",
        "additionalProperties": true
      }
    },
    "examples": [
      {
        "status": "rejected",
        "reason": "track needs an event name (/event is missing)",
        "writeKey": "wk_live_example",
        "event": {
          "type": "track",
          "userId": "u-1",
          "messageId": "m-1"
        }
      }
    ]
  },
  "page": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/page.schema.json",
    "title": "PageMessage",
    "description": "A Page call to the collection API (rule 2.3 in docs/rules.md). The Go client names the page properties Traits; on the wire they are `properties` (url, title, referrer, path are recognised).",
    "type": "object",
    "properties": {
      "type": {
        "const": "page"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "originalTimestamp": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "receivedAt": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "name": {
        "type": [
          "string",
          "null"
        ],
        "description": "Name of the page. null is accepted (docs/decisions.md, \"Nulls in optional fields\")."
      },
      "category": {
        "type": [
          "string",
          "null"
        ],
        "description": "Category of the page. null is accepted (docs/decisions.md, \"Nulls in optional fields\")."
      },
      "properties": {
        "$ref": "common.schema.json#/definitions/NullableFreeForm"
      }
    },
    "required": [
      "type"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "type": "page",
        "userId": "019mr8mf4r",
        "name": "Home",
        "properties": {
          "path": "/",
          "referrer": "https://example.com/",
          "title": "Home",
          "url": "https://example.org/"
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "run-settings": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/run-settings.schema.json",
    "title": "RunSettingsUpdate",
    "description": "The body of PUT /__harness/settings (and /__harness/runs/{id}/settings): the run's payload version and browser httpConfig, or with writeKey those of one source. A field left out stays as it is; null goes back to the default (the run's for a source, 1 and none for the run).",
    "type": "object",
    "additionalProperties": false,
    "properties": {
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source to change; without it, the run."
      },
      "payloadVersion": {
        "anyOf": [
          {
            "enum": [
              1,
              2
            ]
          },
          {
            "type": "null"
          }
        ],
        "description": "The version field of webhook payloads: 1 (documented) or 2 (observed deliveries)."
      },
      "httpConfig": {
        "anyOf": [
          {
            "$ref": "http-config.schema.json"
          },
          {
            "type": "null"
          }
        ],
        "description": "integrations[\"Segment.io\"].httpConfig of the browser settings."
      }
    },
    "examples": [
      {
        "httpConfig": {
          "backoffConfig": {
            "statusCodeOverrides": {
              "503": "drop"
            }
          }
        }
      },
      {
        "writeKey": "wk_live_example",
        "payloadVersion": 2
      }
    ]
  },
  "screen": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/screen.schema.json",
    "title": "ScreenMessage",
    "description": "A Screen call to the collection API.",
    "type": "object",
    "properties": {
      "type": {
        "const": "screen"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "originalTimestamp": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "receivedAt": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "name": {
        "type": [
          "string",
          "null"
        ],
        "description": "Name of the screen. null is accepted (docs/decisions.md, \"Nulls in optional fields\")."
      },
      "properties": {
        "$ref": "common.schema.json#/definitions/NullableFreeForm"
      }
    },
    "required": [
      "type"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "type": "screen",
        "userId": "019mr8mf4r",
        "name": "Main Screen",
        "context": {
          "device": {
            "model": "x86_64",
            "type": "ios"
          },
          "os": {
            "name": "iOS",
            "version": "7.0"
          },
          "app": {
            "build": "88",
            "name": "YourApp",
            "version": "2.0.1"
          }
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "track": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/track.schema.json",
    "title": "TrackMessage",
    "description": "A Track call to the collection API (rule 2.3 in docs/rules.md). Needs an event name.",
    "type": "object",
    "properties": {
      "type": {
        "const": "track"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "originalTimestamp": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "sentAt": {
        "$ref": "common.schema.json#/definitions/NullableIsoTimestamp"
      },
      "receivedAt": {
        "$ref": "common.schema.json#/definitions/IsoTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "event": {
        "type": "string",
        "minLength": 1,
        "description": "Event name."
      },
      "properties": {
        "$ref": "common.schema.json#/definitions/NullableFreeForm"
      }
    },
    "required": [
      "type",
      "event"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "type": "track",
        "userId": "019mr8mf4r",
        "event": "Purchased an Item",
        "properties": {
          "revenue": "39.95",
          "shippingMethod": "2-day"
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-alias": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-alias.schema.json",
    "title": "WebhookAliasPayload",
    "description": "The alias delivery (rule 2.2 in docs/rules.md). By default previousId and userId; the documented sample's \"Previous ID\" / \"User ID\" is an opt-in setting.",
    "type": "object",
    "properties": {
      "version": {
        "enum": [
          1,
          2
        ],
        "description": "Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."
      },
      "type": {
        "const": "alias"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "previousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "Previous ID": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "User ID": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "projectId": {
        "type": "string",
        "minLength": 1,
        "description": "The id of the source the event came from (stable per source; the projectId setting)."
      },
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source's write key."
      }
    },
    "required": [
      "version",
      "type",
      "timestamp"
    ],
    "anyOf": [
      {
        "required": [
          "previousId",
          "userId"
        ]
      },
      {
        "required": [
          "Previous ID",
          "User ID"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "version": 1,
        "type": "alias",
        "previousId": "anon-39f2a1",
        "userId": "019mr8mf4r",
        "timestamp": "2012-12-02T00:30:08.276Z"
      },
      {
        "version": 1,
        "type": "alias",
        "Previous ID": "anon-39f2a1",
        "User ID": "019mr8mf4r",
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-delete": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-delete.schema.json",
    "title": "WebhookDeletePayload",
    "description": "The delete notification (rules 2.2, 6.1 in docs/rules.md): only type, userId and timestamp; no version.",
    "type": "object",
    "properties": {
      "type": {
        "const": "delete"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      }
    },
    "required": [
      "type",
      "userId",
      "timestamp"
    ],
    "additionalProperties": false,
    "examples": [
      {
        "type": "delete",
        "userId": "019mr8mf4r",
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-group": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-group.schema.json",
    "title": "WebhookGroupPayload",
    "description": "The group delivery (rule 2.2 in docs/rules.md); group traits are free-form and keys may contain spaces.",
    "type": "object",
    "properties": {
      "version": {
        "enum": [
          1,
          2
        ],
        "description": "Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."
      },
      "type": {
        "const": "group"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "groupId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "traits": {
        "$ref": "common.schema.json#/definitions/FreeForm"
      },
      "projectId": {
        "type": "string",
        "minLength": 1,
        "description": "The id of the source the event came from (stable per source; the projectId setting)."
      },
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source's write key."
      }
    },
    "required": [
      "version",
      "type",
      "timestamp",
      "groupId"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "version": 1,
        "type": "group",
        "userId": "019mr8mf4r",
        "groupId": "8e9df332-4d31-4e3e-b1b0-9ea8e1e8f07e",
        "traits": {
          "name": "Initech",
          "industry": "Technology",
          "employees": 329,
          "plan": "enterprise",
          "total billed": 830
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-identify": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-identify.schema.json",
    "title": "WebhookIdentifyPayload",
    "description": "The identify delivery (rule 2.2 in docs/rules.md), also used for audience membership (rule 6.2 in docs/rules.md).",
    "type": "object",
    "properties": {
      "version": {
        "enum": [
          1,
          2
        ],
        "description": "Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."
      },
      "type": {
        "const": "identify"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "traits": {
        "$ref": "common.schema.json#/definitions/FreeForm"
      },
      "projectId": {
        "type": "string",
        "minLength": 1,
        "description": "The id of the source the event came from (stable per source; the projectId setting)."
      },
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source's write key."
      }
    },
    "required": [
      "version",
      "type",
      "timestamp"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "version": 1,
        "type": "identify",
        "userId": "019mr8mf4r",
        "traits": {
          "email": "jake@example.com",
          "name": "Jake Peterson",
          "age": 26
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      },
      {
        "version": 1,
        "type": "identify",
        "userId": "019mr8mf4r",
        "traits": {
          "high_value_users": true
        },
        "context": {
          "personas": {
            "computation_class": "audience",
            "computation_key": "high_value_users"
          }
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-page": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-page.schema.json",
    "title": "WebhookPagePayload",
    "description": "The page delivery (rule 2.2 in docs/rules.md).",
    "type": "object",
    "properties": {
      "version": {
        "enum": [
          1,
          2
        ],
        "description": "Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."
      },
      "type": {
        "const": "page"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "name": {
        "type": [
          "string",
          "null"
        ]
      },
      "category": {
        "type": [
          "string",
          "null"
        ]
      },
      "properties": {
        "type": "object",
        "additionalProperties": true,
        "properties": {
          "path": {
            "type": "string"
          },
          "referrer": {
            "type": "string"
          },
          "title": {
            "type": "string"
          },
          "url": {
            "type": "string"
          }
        }
      },
      "projectId": {
        "type": "string",
        "minLength": 1,
        "description": "The id of the source the event came from (stable per source; the projectId setting)."
      },
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source's write key."
      }
    },
    "required": [
      "version",
      "type",
      "timestamp"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "version": 1,
        "type": "page",
        "userId": "019mr8mf4r",
        "properties": {
          "path": "/pricing",
          "referrer": "https://www.google.com",
          "title": "Pricing",
          "url": "https://example.com/pricing"
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-payload": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-payload.schema.json",
    "title": "WebhookPayload",
    "description": "Any one webhook delivery body, chosen by its type.",
    "type": "object",
    "required": [
      "type"
    ],
    "discriminator": {
      "propertyName": "type"
    },
    "oneOf": [
      {
        "$ref": "webhook-page.schema.json"
      },
      {
        "$ref": "webhook-screen.schema.json"
      },
      {
        "$ref": "webhook-identify.schema.json"
      },
      {
        "$ref": "webhook-track.schema.json"
      },
      {
        "$ref": "webhook-alias.schema.json"
      },
      {
        "$ref": "webhook-group.schema.json"
      },
      {
        "$ref": "webhook-delete.schema.json"
      }
    ],
    "examples": [
      {
        "type": "delete",
        "userId": "019mr8mf4r",
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  },
  "webhook-screen": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-screen.schema.json",
    "title": "WebhookScreenPayload",
    "description": "The screen delivery (rule 2.2 in docs/rules.md), with the documented context.",
    "type": "object",
    "properties": {
      "version": {
        "enum": [
          1,
          2
        ],
        "description": "Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."
      },
      "type": {
        "const": "screen"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "name": {
        "type": [
          "string",
          "null"
        ]
      },
      "properties": {
        "$ref": "common.schema.json#/definitions/FreeForm"
      },
      "projectId": {
        "type": "string",
        "minLength": 1,
        "description": "The id of the source the event came from (stable per source; the projectId setting)."
      },
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source's write key."
      }
    },
    "required": [
      "version",
      "type",
      "timestamp"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "version": 1,
        "type": "screen",
        "userId": "019mr8mf4r",
        "name": "Main Screen",
        "timestamp": "2012-12-02T00:30:08.276Z",
        "context": {
          "device": {
            "model": "x86_64",
            "type": "ios"
          },
          "os": {
            "name": "iOS",
            "version": "7.0"
          },
          "app": {
            "build": "88",
            "name": "YourApp",
            "version": "2.0.1"
          }
        }
      }
    ]
  },
  "webhook-settings": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-settings.schema.json",
    "title": "WebhookSettings",
    "description": "Settings of the Webhooks destination (rule 2.1 in docs/rules.md): up to 5 webhooks, each an absolute http(s) URL with up to 5 static headers (which may not replace Content-Type, Content-Length, X-Signature or Host, nor set Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade or Expect), and an optional shared secret for signing.",
    "type": "object",
    "required": [
      "webhooks"
    ],
    "properties": {
      "sharedSecret": {
        "type": "string",
        "minLength": 1,
        "description": "When set, every request carries X-Signature (rule 5.1 in docs/rules.md)."
      },
      "enabled": {
        "type": "boolean",
        "default": true,
        "description": "Whether the destination is enabled (rule 2.1 in docs/rules.md)."
      },
      "webhooks": {
        "type": "array",
        "minItems": 1,
        "maxItems": 5,
        "items": {
          "title": "WebhookEntry",
          "type": "object",
          "required": [
            "url"
          ],
          "additionalProperties": false,
          "properties": {
            "url": {
              "type": "string",
              "format": "uri",
              "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+",
              "description": "Full URL including the http or https protocol."
            },
            "headers": {
              "type": "object",
              "maxProperties": 5,
              "propertyNames": {
                "pattern": "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
              },
              "additionalProperties": {
                "type": "string",
                "pattern": "^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$",
                "description": "A value Node.js can write on one line: tab, visible ASCII and Latin-1, never CR, LF or NUL"
              },
              "description": "Static headers added to requests to this URL. They may not set what the service writes itself (Content-Type, Content-Length, X-Signature, Host) nor what frames the request or controls the connection (Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade, Expect), in any letter case."
            }
          }
        }
      }
    },
    "additionalProperties": false,
    "examples": [
      {
        "sharedSecret": "my-signing-secret",
        "webhooks": [
          {
            "url": "https://example.com/hooks/events",
            "headers": {
              "Authorization": "Bearer abc123",
              "X-Team": "growth"
            }
          },
          {
            "url": "http://localhost:3000/webhook"
          }
        ]
      }
    ]
  },
  "webhook-track": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://event-harness.dev/schemas/webhook-track.schema.json",
    "title": "WebhookTrackPayload",
    "description": "The track delivery (rule 2.2 in docs/rules.md).",
    "type": "object",
    "properties": {
      "version": {
        "enum": [
          1,
          2
        ],
        "description": "Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."
      },
      "type": {
        "const": "track"
      },
      "userId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "anonymousId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "messageId": {
        "$ref": "common.schema.json#/definitions/Id"
      },
      "timestamp": {
        "$ref": "common.schema.json#/definitions/UtcMillisTimestamp"
      },
      "context": {
        "$ref": "common.schema.json#/definitions/Context"
      },
      "integrations": {
        "$ref": "common.schema.json#/definitions/Integrations"
      },
      "event": {
        "type": "string",
        "minLength": 1
      },
      "properties": {
        "$ref": "common.schema.json#/definitions/FreeForm"
      },
      "projectId": {
        "type": "string",
        "minLength": 1,
        "description": "The id of the source the event came from (stable per source; the projectId setting)."
      },
      "writeKey": {
        "type": "string",
        "minLength": 1,
        "description": "The source's write key."
      }
    },
    "required": [
      "version",
      "type",
      "timestamp",
      "event"
    ],
    "anyOf": [
      {
        "required": [
          "userId"
        ]
      },
      {
        "required": [
          "anonymousId"
        ]
      }
    ],
    "additionalProperties": true,
    "examples": [
      {
        "version": 1,
        "type": "track",
        "userId": "019mr8mf4r",
        "event": "Purchased an Item",
        "properties": {
          "revenue": "39.95",
          "shippingMethod": "2-day"
        },
        "timestamp": "2012-12-02T00:30:08.276Z"
      }
    ]
  }
};
