// @ts-nocheck
/* eslint-disable */
/**
 * DO NOT EDIT: generated from schemas/ by `npm run generate` (scripts/generate-types.mjs).
 * `npm run check:types-generated` fails when this file is stale.
 */
import * as runtime0Module from "../date-time-format.js";
const runtime0 = runtime0Module.default?.__esModule ? runtime0Module.default : runtime0Module;
import * as runtime1Module from "ajv-formats/dist/formats.js";
const runtime1 = runtime1Module.default?.__esModule ? runtime1Module.default : runtime1Module;
import * as runtime2Module from "ajv/dist/runtime/equal.js";
const runtime2 = runtime2Module.default?.__esModule ? runtime2Module.default : runtime2Module;
import * as runtime3Module from "ajv/dist/runtime/ucs2length.js";
const runtime3 = runtime3Module.default?.__esModule ? runtime3Module.default : runtime3Module;


export const validate_actions_webhook_settings = validate10;
const schema11 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/actions-webhook-settings.schema.json","title":"ActionsWebhookSettings","description":"Settings of the Webhooks (Actions) destination (integrations key \"Webhooks (Actions)\"): up to 5 mappings, each sending the events it subscribes to with POST, PUT or PATCH to its URL with its headers, one event per request or batched as a JSON array; a shared secret signs each request (X-Signature: hex HMAC-SHA1 of the first event's JSON, as the public action-destinations source computes it).","type":"object","required":["mappings"],"additionalProperties":false,"properties":{"sharedSecret":{"type":"string","minLength":1,"description":"When set, every request carries X-Signature: hex HMAC-SHA1 over JSON.stringify of the event (of the first event of a batch)."},"enabled":{"type":"boolean","default":true},"timeoutMs":{"type":"integer","minimum":1,"maximum":3600000,"default":10000,"description":"The receiver must answer within this (the actions request client's 10 s). At most 1 hour."},"batchWindowMs":{"type":"integer","minimum":0,"default":1000,"description":"A batching mapping sends a partial batch this long (harness clock) after its first event; a full batch goes at once."},"mappings":{"type":"array","minItems":1,"maxItems":5,"items":{"title":"ActionsWebhookMapping","type":"object","required":["url"],"additionalProperties":false,"properties":{"name":{"type":"string"},"subscribe":{"type":"array","minItems":1,"uniqueItems":true,"items":{"enum":["track","page","screen","identify","group","alias"]},"description":"Event types this mapping sends (the trigger); default all of them."},"url":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"},"method":{"enum":["POST","PUT","PATCH"],"default":"POST"},"headers":{"type":"object","propertyNames":{"pattern":"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},"additionalProperties":{"type":"string","pattern":"^[\\u0020-\\u007e\\t]*$"},"description":"HTTP headers sent with each request (ASCII only). They may not set Content-Type, Content-Length, X-Signature or Host, nor Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade or Expect, in any letter case."},"enableBatching":{"type":"boolean","default":false},"batchSize":{"type":"integer","minimum":1,"maximum":4000,"default":1000,"description":"Events per batch: default 1,000, at most 4,000 (the destination's documented limits)."}}}}},"examples":[{"sharedSecret":"my-signing-secret","mappings":[{"name":"Tracks to the warehouse loader","subscribe":["track"],"url":"https://example.com/hooks/tracks","method":"PUT","headers":{"Authorization":"Bearer abc123"},"enableBatching":true,"batchSize":100}]}]};
const func2 = runtime3.default;
const func0 = runtime2.default;
const formats0 = runtime1.fullFormats.uri;
const pattern0 = new RegExp("^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+", "u");
const pattern1 = new RegExp("^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$", "u");
const pattern2 = new RegExp("^[\\u0020-\\u007e\\t]*$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/actions-webhook-settings.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mappings === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mappings"},message:"must have required property '"+"mappings"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "sharedSecret") || (key0 === "enabled")) || (key0 === "timeoutMs")) || (key0 === "batchWindowMs")) || (key0 === "mappings"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.sharedSecret !== undefined){
let data0 = data.sharedSecret;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err2 = {instancePath:instancePath+"/sharedSecret",schemaPath:"#/properties/sharedSecret/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema11.properties.sharedSecret,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/sharedSecret",schemaPath:"#/properties/sharedSecret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.sharedSecret.type,parentSchema:schema11.properties.sharedSecret,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.enabled !== undefined){
let data1 = data.enabled;
if(typeof data1 !== "boolean"){
const err4 = {instancePath:instancePath+"/enabled",schemaPath:"#/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema11.properties.enabled.type,parentSchema:schema11.properties.enabled,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.timeoutMs !== undefined){
let data2 = data.timeoutMs;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err5 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema11.properties.timeoutMs.type,parentSchema:schema11.properties.timeoutMs,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 > 3600000 || isNaN(data2)){
const err6 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600000},message:"must be <= 3600000",schema:3600000,parentSchema:schema11.properties.timeoutMs,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err7 = {instancePath:instancePath+"/timeoutMs",schemaPath:"#/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema11.properties.timeoutMs,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data.batchWindowMs !== undefined){
let data3 = data.batchWindowMs;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err8 = {instancePath:instancePath+"/batchWindowMs",schemaPath:"#/properties/batchWindowMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema11.properties.batchWindowMs.type,parentSchema:schema11.properties.batchWindowMs,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err9 = {instancePath:instancePath+"/batchWindowMs",schemaPath:"#/properties/batchWindowMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema11.properties.batchWindowMs,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.mappings !== undefined){
let data4 = data.mappings;
if(Array.isArray(data4)){
if(data4.length > 5){
const err10 = {instancePath:instancePath+"/mappings",schemaPath:"#/properties/mappings/maxItems",keyword:"maxItems",params:{limit: 5},message:"must NOT have more than 5 items",schema:5,parentSchema:schema11.properties.mappings,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data4.length < 1){
const err11 = {instancePath:instancePath+"/mappings",schemaPath:"#/properties/mappings/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema11.properties.mappings,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.url === undefined){
const err12 = {instancePath:instancePath+"/mappings/" + i0,schemaPath:"#/properties/mappings/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema11.properties.mappings.items.required,parentSchema:schema11.properties.mappings.items,data:data5};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key1 in data5){
if(!(((((((key1 === "name") || (key1 === "subscribe")) || (key1 === "url")) || (key1 === "method")) || (key1 === "headers")) || (key1 === "enableBatching")) || (key1 === "batchSize"))){
const err13 = {instancePath:instancePath+"/mappings/" + i0,schemaPath:"#/properties/mappings/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema11.properties.mappings.items,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data5.name !== undefined){
let data6 = data5.name;
if(typeof data6 !== "string"){
const err14 = {instancePath:instancePath+"/mappings/" + i0+"/name",schemaPath:"#/properties/mappings/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.mappings.items.properties.name.type,parentSchema:schema11.properties.mappings.items.properties.name,data:data6};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data5.subscribe !== undefined){
let data7 = data5.subscribe;
if(Array.isArray(data7)){
if(data7.length < 1){
const err15 = {instancePath:instancePath+"/mappings/" + i0+"/subscribe",schemaPath:"#/properties/mappings/items/properties/subscribe/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema11.properties.mappings.items.properties.subscribe,data:data7};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(!((((((data8 === "track") || (data8 === "page")) || (data8 === "screen")) || (data8 === "identify")) || (data8 === "group")) || (data8 === "alias"))){
const err16 = {instancePath:instancePath+"/mappings/" + i0+"/subscribe/" + i1,schemaPath:"#/properties/mappings/items/properties/subscribe/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.mappings.items.properties.subscribe.items.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.mappings.items.properties.subscribe.items.enum,parentSchema:schema11.properties.mappings.items.properties.subscribe.items,data:data8};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
let i2 = data7.length;
let j0;
if(i2 > 1){
outer0:
for(;i2--;){
for(j0 = i2; j0--;){
if(func0(data7[i2], data7[j0])){
const err17 = {instancePath:instancePath+"/mappings/" + i0+"/subscribe",schemaPath:"#/properties/mappings/items/properties/subscribe/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i2+" are identical)",schema:true,parentSchema:schema11.properties.mappings.items.properties.subscribe,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/mappings/" + i0+"/subscribe",schemaPath:"#/properties/mappings/items/properties/subscribe/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema11.properties.mappings.items.properties.subscribe.type,parentSchema:schema11.properties.mappings.items.properties.subscribe,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.url !== undefined){
let data9 = data5.url;
if(typeof data9 === "string"){
if(!pattern0.test(data9)){
const err19 = {instancePath:instancePath+"/mappings/" + i0+"/url",schemaPath:"#/properties/mappings/items/properties/url/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+",parentSchema:schema11.properties.mappings.items.properties.url,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!(formats0(data9))){
const err20 = {instancePath:instancePath+"/mappings/" + i0+"/url",schemaPath:"#/properties/mappings/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema11.properties.mappings.items.properties.url,data:data9};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/mappings/" + i0+"/url",schemaPath:"#/properties/mappings/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.mappings.items.properties.url.type,parentSchema:schema11.properties.mappings.items.properties.url,data:data9};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data5.method !== undefined){
let data10 = data5.method;
if(!(((data10 === "POST") || (data10 === "PUT")) || (data10 === "PATCH"))){
const err22 = {instancePath:instancePath+"/mappings/" + i0+"/method",schemaPath:"#/properties/mappings/items/properties/method/enum",keyword:"enum",params:{allowedValues: schema11.properties.mappings.items.properties.method.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.mappings.items.properties.method.enum,parentSchema:schema11.properties.mappings.items.properties.method,data:data10};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data5.headers !== undefined){
let data11 = data5.headers;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key2 in data11){
const _errs25 = errors;
if(typeof key2 === "string"){
if(!pattern1.test(key2)){
const err23 = {instancePath:instancePath+"/mappings/" + i0+"/headers",schemaPath:"#/properties/mappings/items/properties/headers/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},message:"must match pattern \""+"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"+"\"",schema:"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$",parentSchema:schema11.properties.mappings.items.properties.headers.propertyNames,data:key2,propertyName:key2};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
var valid7 = _errs25 === errors;
if(!valid7){
const err24 = {instancePath:instancePath+"/mappings/" + i0+"/headers",schemaPath:"#/properties/mappings/items/properties/headers/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid",schema:schema11.properties.mappings.items.properties.headers.propertyNames,parentSchema:schema11.properties.mappings.items.properties.headers,data:data11};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
for(const key3 in data11){
let data12 = data11[key3];
if(typeof data12 === "string"){
if(!pattern2.test(data12)){
const err25 = {instancePath:instancePath+"/mappings/" + i0+"/headers/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/mappings/items/properties/headers/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^[\\u0020-\\u007e\\t]*$"},message:"must match pattern \""+"^[\\u0020-\\u007e\\t]*$"+"\"",schema:"^[\\u0020-\\u007e\\t]*$",parentSchema:schema11.properties.mappings.items.properties.headers.additionalProperties,data:data12};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/mappings/" + i0+"/headers/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/mappings/items/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.mappings.items.properties.headers.additionalProperties.type,parentSchema:schema11.properties.mappings.items.properties.headers.additionalProperties,data:data12};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/mappings/" + i0+"/headers",schemaPath:"#/properties/mappings/items/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.properties.mappings.items.properties.headers.type,parentSchema:schema11.properties.mappings.items.properties.headers,data:data11};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data5.enableBatching !== undefined){
let data13 = data5.enableBatching;
if(typeof data13 !== "boolean"){
const err28 = {instancePath:instancePath+"/mappings/" + i0+"/enableBatching",schemaPath:"#/properties/mappings/items/properties/enableBatching/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema11.properties.mappings.items.properties.enableBatching.type,parentSchema:schema11.properties.mappings.items.properties.enableBatching,data:data13};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data5.batchSize !== undefined){
let data14 = data5.batchSize;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err29 = {instancePath:instancePath+"/mappings/" + i0+"/batchSize",schemaPath:"#/properties/mappings/items/properties/batchSize/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema11.properties.mappings.items.properties.batchSize.type,parentSchema:schema11.properties.mappings.items.properties.batchSize,data:data14};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 4000 || isNaN(data14)){
const err30 = {instancePath:instancePath+"/mappings/" + i0+"/batchSize",schemaPath:"#/properties/mappings/items/properties/batchSize/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4000},message:"must be <= 4000",schema:4000,parentSchema:schema11.properties.mappings.items.properties.batchSize,data:data14};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data14 < 1 || isNaN(data14)){
const err31 = {instancePath:instancePath+"/mappings/" + i0+"/batchSize",schemaPath:"#/properties/mappings/items/properties/batchSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema11.properties.mappings.items.properties.batchSize,data:data14};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
}
else {
const err32 = {instancePath:instancePath+"/mappings/" + i0,schemaPath:"#/properties/mappings/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.properties.mappings.items.type,parentSchema:schema11.properties.mappings.items,data:data5};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/mappings",schemaPath:"#/properties/mappings/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema11.properties.mappings.type,parentSchema:schema11.properties.mappings,data:data4};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

export const validate_alias = validate11;
const schema12 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/alias.schema.json","title":"AliasMessage","description":"An Alias call to the collection API (rule 2.3 in docs/rules.md): both the new userId and the previousId are required.","type":"object","properties":{"type":{"const":"alias"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"originalTimestamp":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"receivedAt":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"previousId":{"$ref":"common.schema.json#/definitions/Id"}},"required":["type","userId","previousId"],"additionalProperties":true,"examples":[{"type":"alias","previousId":"anon-39f2a1","userId":"019mr8mf4r","timestamp":"2012-12-02T00:30:08.276Z"}]};
const schema14 = {"title":"Id","description":"A user, anonymous, group or message identifier: a non-empty string.","type":"string","minLength":1};
const schema17 = {"title":"IsoTimestamp","description":"An ISO 8601 / RFC 3339 date-time string.","type":"string","format":"date-time"};
const schema18 = {"title":"NullableIsoTimestamp","description":"An ISO 8601 / RFC 3339 date-time string, or null: kept as the call carried it (docs/decisions.md, \"Nulls in optional fields\").","type":["string","null"],"format":"date-time"};
const schema21 = {"title":"Context","description":"Device, IP and similar information attached to calls (rule 2.2 in docs/rules.md).","type":"object","additionalProperties":true,"properties":{"ip":{"type":"string"},"device":{"type":"object","additionalProperties":true,"properties":{"model":{"type":"string"},"type":{"type":"string"}}},"os":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string"},"version":{"type":"string"}}},"app":{"type":"object","additionalProperties":true,"properties":{"build":{"type":"string"},"name":{"type":"string"},"version":{"type":"string"}}},"library":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string"},"version":{"type":"string"}}},"personas":{"type":"object","additionalProperties":true,"properties":{"computation_class":{"type":"string"},"computation_key":{"type":"string"}}}},"examples":[{"device":{"model":"x86_64","type":"ios"},"os":{"name":"iOS","version":"7.0"},"app":{"build":"88","name":"YourApp","version":"2.0.1"}}]};
const schema22 = {"title":"Integrations","description":"Destination name to enabled flag (rule 2.4 in docs/rules.md). Keys are case sensitive; All=false disables every destination not named true. An object value counts as enabled (destination options), as the real service accepts.","type":"object","additionalProperties":{"type":["boolean","object"]},"examples":[{"All":false,"Webhooks":true},{"Webhooks":false}]};
const formats2 = runtime0.dateTimeFormat;

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/alias.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema12.required,parentSchema:schema12,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.userId === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema12.required,parentSchema:schema12,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.previousId === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "previousId"},message:"must have required property '"+"previousId"+"'",schema:schema12.required,parentSchema:schema12,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.type !== undefined){
let data0 = data.type;
if("alias" !== data0){
const err3 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "alias"},message:"must be equal to constant",schema:"alias",parentSchema:schema12.properties.type,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err4 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data2 = data.anonymousId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err6 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.messageId !== undefined){
let data3 = data.messageId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err8 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data4 = data.timestamp;
if(typeof data4 === "string"){
if(!(formats2.validate(data4))){
const err10 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.originalTimestamp !== undefined){
let data5 = data.originalTimestamp;
if((typeof data5 !== "string") && (data5 !== null)){
const err12 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats2.validate(data5))){
const err13 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.sentAt !== undefined){
let data6 = data.sentAt;
if((typeof data6 !== "string") && (data6 !== null)){
const err14 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats2.validate(data6))){
const err15 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.receivedAt !== undefined){
let data7 = data.receivedAt;
if(typeof data7 === "string"){
if(!(formats2.validate(data7))){
const err16 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.context !== undefined){
let data8 = data.context;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.ip !== undefined){
let data9 = data8.ip;
if(typeof data9 !== "string"){
const err18 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data9};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.device !== undefined){
let data10 = data8.device;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.model !== undefined){
let data11 = data10.model;
if(typeof data11 !== "string"){
const err19 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data11};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data10.type !== undefined){
let data12 = data10.type;
if(typeof data12 !== "string"){
const err20 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data10};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data8.os !== undefined){
let data13 = data8.os;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.name !== undefined){
let data14 = data13.name;
if(typeof data14 !== "string"){
const err22 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data14};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data13.version !== undefined){
let data15 = data13.version;
if(typeof data15 !== "string"){
const err23 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data15};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data13};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.app !== undefined){
let data16 = data8.app;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.build !== undefined){
let data17 = data16.build;
if(typeof data17 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data17};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data16.name !== undefined){
let data18 = data16.name;
if(typeof data18 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data18};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data16.version !== undefined){
let data19 = data16.version;
if(typeof data19 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data19};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data16};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data8.library !== undefined){
let data20 = data8.library;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err29 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data21};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if(typeof data22 !== "string"){
const err30 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data22};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data20};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data8.personas !== undefined){
let data23 = data8.personas;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.computation_class !== undefined){
let data24 = data23.computation_class;
if(typeof data24 !== "string"){
const err32 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data24};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data23.computation_key !== undefined){
let data25 = data23.computation_key;
if(typeof data25 !== "string"){
const err33 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data25};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data23};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data8};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.integrations !== undefined){
let data26 = data.integrations;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key0 in data26){
let data27 = data26[key0];
if((typeof data27 !== "boolean") && (!(data27 && typeof data27 == "object" && !Array.isArray(data27)))){
const err36 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data26};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.previousId !== undefined){
let data28 = data.previousId;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err38 = {instancePath:instancePath+"/previousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data28};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/previousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data28};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema12.type,parentSchema:schema12,data};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
validate11.errors = vErrors;
return errors === 0;
}

export const validate_audience = validate13;
const schema24 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/audience.schema.json","title":"AudienceDefinition","description":"An audience (rule 6.2 in docs/rules.md): a name and a membership, given as members or computed by a rule over the journal. The trait key is the name in snake_case.","type":"object","additionalProperties":false,"properties":{"name":{"type":"string","minLength":1,"pattern":"[A-Za-z0-9]"},"members":{"type":"array","items":{"$ref":"common.schema.json#/definitions/Id"},"uniqueItems":true},"rule":{"title":"AudienceRule","description":"Membership computed from the accepted events in the journal.","oneOf":[{"title":"PerformedRule","type":"object","additionalProperties":false,"required":["performed"],"properties":{"performed":{"type":"string","minLength":1,"description":"Track event name."},"atLeast":{"type":"integer","minimum":1,"default":1}}},{"title":"TraitRule","type":"object","additionalProperties":false,"required":["trait","equals"],"properties":{"trait":{"type":"string","minLength":1},"equals":{"type":["string","number","boolean","null"]}}}]},"writeKeys":{"type":"array","items":{"type":"string","minLength":1},"description":"Only these sources receive the audience's Identify calls; default: every source with the Webhooks destination."}},"oneOf":[{"title":"GivenMembers","required":["members"],"not":{"required":["rule"]}},{"title":"ComputedMembers","required":["rule"],"not":{"required":["members"]}}],"$comment":"Exactly one of members or rule: {} or both is refused (issue 16).","examples":[{"name":"High Value Users","members":["019mr8mf4r","u-2"]},{"name":"Purchasers","rule":{"performed":"Order Completed","atLeast":2}}]};
const pattern3 = new RegExp("[A-Za-z0-9]", "u");

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/audience.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid0 = false;
let passing0 = null;
const _errs3 = errors;
const _errs4 = errors;
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.rule === undefined) && (missing0 = "rule")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var valid1 = _errs5 === errors;
if(valid1){
const err1 = {instancePath,schemaPath:"#/oneOf/0/not",keyword:"not",params:{},message:"must NOT be valid",schema:schema24.oneOf[0].not,parentSchema:schema24.oneOf[0],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
else {
errors = _errs4;
if(vErrors !== null){
if(_errs4){
vErrors.length = _errs4;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.members === undefined){
const err2 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "members"},message:"must have required property '"+"members"+"'",schema:schema24.oneOf[0].required,parentSchema:schema24.oneOf[0],data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs6 = errors;
const _errs7 = errors;
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.members === undefined) && (missing1 = "members")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var valid2 = _errs8 === errors;
if(valid2){
const err4 = {instancePath,schemaPath:"#/oneOf/1/not",keyword:"not",params:{},message:"must NOT be valid",schema:schema24.oneOf[1].not,parentSchema:schema24.oneOf[1],data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.rule === undefined){
const err5 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "rule"},message:"must have required property '"+"rule"+"'",schema:schema24.oneOf[1].required,parentSchema:schema24.oneOf[1],data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var _valid0 = _errs6 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
}
}
if(!valid0){
const err6 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema24.oneOf,parentSchema:schema24,data};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "name") || (key0 === "members")) || (key0 === "rule")) || (key0 === "writeKeys"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema24,data};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema24.properties.name,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!pattern3.test(data0)){
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "[A-Za-z0-9]"},message:"must match pattern \""+"[A-Za-z0-9]"+"\"",schema:"[A-Za-z0-9]",parentSchema:schema24.properties.name,data:data0};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema24.properties.name.type,parentSchema:schema24.properties.name,data:data0};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.members !== undefined){
let data1 = data.members;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err11 = {instancePath:instancePath+"/members/" + i0,schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/members/" + i0,schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
let i1 = data1.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data1[i1], data1[j0])){
const err13 = {instancePath:instancePath+"/members",schemaPath:"#/properties/members/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)",schema:true,parentSchema:schema24.properties.members,data:data1};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err14 = {instancePath:instancePath+"/members",schemaPath:"#/properties/members/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema24.properties.members.type,parentSchema:schema24.properties.members,data:data1};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.rule !== undefined){
let data3 = data.rule;
const _errs18 = errors;
let valid8 = false;
let passing1 = null;
const _errs19 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.performed === undefined){
const err15 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/0/required",keyword:"required",params:{missingProperty: "performed"},message:"must have required property '"+"performed"+"'",schema:schema24.properties.rule.oneOf[0].required,parentSchema:schema24.properties.rule.oneOf[0],data:data3};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key1 in data3){
if(!((key1 === "performed") || (key1 === "atLeast"))){
const err16 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema24.properties.rule.oneOf[0],data:data3};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data3.performed !== undefined){
let data4 = data3.performed;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err17 = {instancePath:instancePath+"/rule/performed",schemaPath:"#/properties/rule/oneOf/0/properties/performed/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema24.properties.rule.oneOf[0].properties.performed,data:data4};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/rule/performed",schemaPath:"#/properties/rule/oneOf/0/properties/performed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema24.properties.rule.oneOf[0].properties.performed.type,parentSchema:schema24.properties.rule.oneOf[0].properties.performed,data:data4};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data3.atLeast !== undefined){
let data5 = data3.atLeast;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err19 = {instancePath:instancePath+"/rule/atLeast",schemaPath:"#/properties/rule/oneOf/0/properties/atLeast/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema24.properties.rule.oneOf[0].properties.atLeast.type,parentSchema:schema24.properties.rule.oneOf[0].properties.atLeast,data:data5};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err20 = {instancePath:instancePath+"/rule/atLeast",schemaPath:"#/properties/rule/oneOf/0/properties/atLeast/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema24.properties.rule.oneOf[0].properties.atLeast,data:data5};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
}
else {
const err21 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema24.properties.rule.oneOf[0].type,parentSchema:schema24.properties.rule.oneOf[0],data:data3};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid1 = _errs19 === errors;
if(_valid1){
valid8 = true;
passing1 = 0;
}
const _errs26 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.trait === undefined){
const err22 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/1/required",keyword:"required",params:{missingProperty: "trait"},message:"must have required property '"+"trait"+"'",schema:schema24.properties.rule.oneOf[1].required,parentSchema:schema24.properties.rule.oneOf[1],data:data3};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data3.equals === undefined){
const err23 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/1/required",keyword:"required",params:{missingProperty: "equals"},message:"must have required property '"+"equals"+"'",schema:schema24.properties.rule.oneOf[1].required,parentSchema:schema24.properties.rule.oneOf[1],data:data3};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key2 in data3){
if(!((key2 === "trait") || (key2 === "equals"))){
const err24 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema24.properties.rule.oneOf[1],data:data3};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data3.trait !== undefined){
let data6 = data3.trait;
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err25 = {instancePath:instancePath+"/rule/trait",schemaPath:"#/properties/rule/oneOf/1/properties/trait/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema24.properties.rule.oneOf[1].properties.trait,data:data6};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/rule/trait",schemaPath:"#/properties/rule/oneOf/1/properties/trait/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema24.properties.rule.oneOf[1].properties.trait.type,parentSchema:schema24.properties.rule.oneOf[1].properties.trait,data:data6};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data3.equals !== undefined){
let data7 = data3.equals;
if((((typeof data7 !== "string") && (!((typeof data7 == "number") && (isFinite(data7))))) && (typeof data7 !== "boolean")) && (data7 !== null)){
const err27 = {instancePath:instancePath+"/rule/equals",schemaPath:"#/properties/rule/oneOf/1/properties/equals/type",keyword:"type",params:{type: schema24.properties.rule.oneOf[1].properties.equals.type},message:"must be string,number,boolean,null",schema:schema24.properties.rule.oneOf[1].properties.equals.type,parentSchema:schema24.properties.rule.oneOf[1].properties.equals,data:data7};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema24.properties.rule.oneOf[1].type,parentSchema:schema24.properties.rule.oneOf[1],data:data3};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid1 = _errs26 === errors;
if(_valid1 && valid8){
valid8 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid8 = true;
passing1 = 1;
}
}
if(!valid8){
const err29 = {instancePath:instancePath+"/rule",schemaPath:"#/properties/rule/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf",schema:schema24.properties.rule.oneOf,parentSchema:schema24.properties.rule,data:data3};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
}
if(data.writeKeys !== undefined){
let data8 = data.writeKeys;
if(Array.isArray(data8)){
const len1 = data8.length;
for(let i2=0; i2<len1; i2++){
let data9 = data8[i2];
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err30 = {instancePath:instancePath+"/writeKeys/" + i2,schemaPath:"#/properties/writeKeys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema24.properties.writeKeys.items,data:data9};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/writeKeys/" + i2,schemaPath:"#/properties/writeKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema24.properties.writeKeys.items.type,parentSchema:schema24.properties.writeKeys.items,data:data9};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/writeKeys",schemaPath:"#/properties/writeKeys/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema24.properties.writeKeys.type,parentSchema:schema24.properties.writeKeys,data:data8};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema24.type,parentSchema:schema24,data};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

export const validate_batch = validate14;
const schema26 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/batch.schema.json","title":"BatchEnvelope","description":"The body of POST /v1/batch and /v1/import: at most 2,500 events; envelope context and integrations are merged into each event (the event's own keys win). Each event is validated on its own, so one bad event does not sink the batch.","type":"object","required":["batch"],"properties":{"batch":{"type":"array","maxItems":2500,"items":{"type":"object","additionalProperties":true,"properties":{"type":{"type":"string"}}}},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"writeKey":{"type":"string","minLength":1}},"additionalProperties":true,"examples":[{"writeKey":"wk_live_example","sentAt":"2012-12-02T00:30:08.276Z","batch":[{"type":"identify","userId":"019mr8mf4r","traits":{"email":"jake@example.com"}},{"type":"track","userId":"019mr8mf4r","event":"Signed Up"}]}]};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/batch.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.batch === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "batch"},message:"must have required property '"+"batch"+"'",schema:schema26.required,parentSchema:schema26,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.batch !== undefined){
let data0 = data.batch;
if(Array.isArray(data0)){
if(data0.length > 2500){
const err1 = {instancePath:instancePath+"/batch",schemaPath:"#/properties/batch/maxItems",keyword:"maxItems",params:{limit: 2500},message:"must NOT have more than 2500 items",schema:2500,parentSchema:schema26.properties.batch,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.type !== undefined){
let data2 = data1.type;
if(typeof data2 !== "string"){
const err2 = {instancePath:instancePath+"/batch/" + i0+"/type",schemaPath:"#/properties/batch/items/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema26.properties.batch.items.properties.type.type,parentSchema:schema26.properties.batch.items.properties.type,data:data2};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath:instancePath+"/batch/" + i0,schemaPath:"#/properties/batch/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema26.properties.batch.items.type,parentSchema:schema26.properties.batch.items,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath:instancePath+"/batch",schemaPath:"#/properties/batch/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema26.properties.batch.type,parentSchema:schema26.properties.batch,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.context !== undefined){
let data3 = data.context;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.ip !== undefined){
let data4 = data3.ip;
if(typeof data4 !== "string"){
const err5 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data4};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data3.device !== undefined){
let data5 = data3.device;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.model !== undefined){
let data6 = data5.model;
if(typeof data6 !== "string"){
const err6 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data6};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data5.type !== undefined){
let data7 = data5.type;
if(typeof data7 !== "string"){
const err7 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data7};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data5};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data3.os !== undefined){
let data8 = data3.os;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.name !== undefined){
let data9 = data8.name;
if(typeof data9 !== "string"){
const err9 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data9};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data8.version !== undefined){
let data10 = data8.version;
if(typeof data10 !== "string"){
const err10 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data10};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data8};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data3.app !== undefined){
let data11 = data3.app;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.build !== undefined){
let data12 = data11.build;
if(typeof data12 !== "string"){
const err12 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data12};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data11.name !== undefined){
let data13 = data11.name;
if(typeof data13 !== "string"){
const err13 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data13};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data11.version !== undefined){
let data14 = data11.version;
if(typeof data14 !== "string"){
const err14 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data14};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data11};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data3.library !== undefined){
let data15 = data3.library;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.name !== undefined){
let data16 = data15.name;
if(typeof data16 !== "string"){
const err16 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data16};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data15.version !== undefined){
let data17 = data15.version;
if(typeof data17 !== "string"){
const err17 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data17};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data15};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data3.personas !== undefined){
let data18 = data3.personas;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.computation_class !== undefined){
let data19 = data18.computation_class;
if(typeof data19 !== "string"){
const err19 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data19};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data18.computation_key !== undefined){
let data20 = data18.computation_key;
if(typeof data20 !== "string"){
const err20 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data20};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data18};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data3};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.integrations !== undefined){
let data21 = data.integrations;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
for(const key0 in data21){
let data22 = data21[key0];
if((typeof data22 !== "boolean") && (!(data22 && typeof data22 == "object" && !Array.isArray(data22)))){
const err23 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data22};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data21};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.sentAt !== undefined){
let data23 = data.sentAt;
if((typeof data23 !== "string") && (data23 !== null)){
const err25 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data23};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(typeof data23 === "string"){
if(!(formats2.validate(data23))){
const err26 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data23};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
if(data.writeKey !== undefined){
let data24 = data.writeKey;
if(typeof data24 === "string"){
if(func2(data24) < 1){
const err27 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema26.properties.writeKey,data:data24};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema26.properties.writeKey.type,parentSchema:schema26.properties.writeKey,data:data24};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema26.type,parentSchema:schema26,data};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate14.errors = vErrors;
return errors === 0;
}

export const validate_client_options = validate15;
const schema30 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/client-options.schema.json","title":"ClientOptions","description":"Options of the batching client (rule 2.5 in docs/rules.md). size and flushAt are one setting (messages queued before a flush, 1 turns batching off); flushAfter is in milliseconds.","type":"object","properties":{"size":{"type":"integer","minimum":1,"default":20},"flushAt":{"type":"integer","minimum":1,"default":20},"flushAfter":{"type":"integer","minimum":1,"default":5000,"description":"Milliseconds since the last flush before the queue is flushed."},"endpoint":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://","description":"Base URL of the collection API."},"timeout":{"type":"integer","minimum":1,"default":10000,"description":"Per-request timeout in milliseconds."},"retries":{"type":"integer","minimum":0,"default":10,"description":"Retries per batch after the first attempt."},"maxQueueSize":{"type":"integer","minimum":1,"default":10000,"description":"Messages held before calls are refused."}},"additionalProperties":true,"examples":[{"flushAt":20,"flushAfter":5000},{"size":1}]};
const pattern4 = new RegExp("^[Hh][Tt][Tt][Pp][Ss]?://", "u");

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/client-options.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.size !== undefined){
let data0 = data.size;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err0 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema30.properties.size.type,parentSchema:schema30.properties.size,data:data0};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err1 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema30.properties.size,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
if(data.flushAt !== undefined){
let data1 = data.flushAt;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err2 = {instancePath:instancePath+"/flushAt",schemaPath:"#/properties/flushAt/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema30.properties.flushAt.type,parentSchema:schema30.properties.flushAt,data:data1};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err3 = {instancePath:instancePath+"/flushAt",schemaPath:"#/properties/flushAt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema30.properties.flushAt,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
if(data.flushAfter !== undefined){
let data2 = data.flushAfter;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err4 = {instancePath:instancePath+"/flushAfter",schemaPath:"#/properties/flushAfter/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema30.properties.flushAfter.type,parentSchema:schema30.properties.flushAfter,data:data2};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err5 = {instancePath:instancePath+"/flushAfter",schemaPath:"#/properties/flushAfter/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema30.properties.flushAfter,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.endpoint !== undefined){
let data3 = data.endpoint;
if(typeof data3 === "string"){
if(!pattern4.test(data3)){
const err6 = {instancePath:instancePath+"/endpoint",schemaPath:"#/properties/endpoint/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://",parentSchema:schema30.properties.endpoint,data:data3};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(formats0(data3))){
const err7 = {instancePath:instancePath+"/endpoint",schemaPath:"#/properties/endpoint/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema30.properties.endpoint,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/endpoint",schemaPath:"#/properties/endpoint/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema30.properties.endpoint.type,parentSchema:schema30.properties.endpoint,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.timeout !== undefined){
let data4 = data.timeout;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err9 = {instancePath:instancePath+"/timeout",schemaPath:"#/properties/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema30.properties.timeout.type,parentSchema:schema30.properties.timeout,data:data4};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/timeout",schemaPath:"#/properties/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema30.properties.timeout,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.retries !== undefined){
let data5 = data.retries;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err11 = {instancePath:instancePath+"/retries",schemaPath:"#/properties/retries/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema30.properties.retries.type,parentSchema:schema30.properties.retries,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err12 = {instancePath:instancePath+"/retries",schemaPath:"#/properties/retries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema30.properties.retries,data:data5};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.maxQueueSize !== undefined){
let data6 = data.maxQueueSize;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err13 = {instancePath:instancePath+"/maxQueueSize",schemaPath:"#/properties/maxQueueSize/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema30.properties.maxQueueSize.type,parentSchema:schema30.properties.maxQueueSize,data:data6};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err14 = {instancePath:instancePath+"/maxQueueSize",schemaPath:"#/properties/maxQueueSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema30.properties.maxQueueSize,data:data6};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema30.type,parentSchema:schema30,data};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate15.errors = vErrors;
return errors === 0;
}

export const validate_collection_message = validate16;
const schema31 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/collection-message.schema.json","title":"CollectionMessage","description":"Any one call to the collection API, chosen by its type.","type":"object","required":["type"],"discriminator":{"propertyName":"type"},"oneOf":[{"$ref":"identify.schema.json"},{"$ref":"track.schema.json"},{"$ref":"page.schema.json"},{"$ref":"screen.schema.json"},{"$ref":"group.schema.json"},{"$ref":"alias.schema.json"}],"examples":[{"type":"track","anonymousId":"anon-1","event":"Signed Up"}]};
const schema32 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/identify.schema.json","title":"IdentifyMessage","description":"An Identify call to the collection API (rule 2.3 in docs/rules.md).","type":"object","properties":{"type":{"const":"identify"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"originalTimestamp":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"receivedAt":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"traits":{"$ref":"common.schema.json#/definitions/NullableFreeForm"}},"required":["type"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"type":"identify","userId":"019mr8mf4r","traits":{"email":"jake@example.com","name":"Jake Peterson","age":26},"timestamp":"2012-12-02T00:30:08.276Z"}]};
const schema42 = {"title":"NullableFreeForm","description":"Free-form key/value pairs, or null: kept as the call carried it (docs/decisions.md, \"Nulls in optional fields\").","type":["object","null"],"additionalProperties":true};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/identify.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema32.anyOf[0].required,parentSchema:schema32.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema32.anyOf[1].required,parentSchema:schema32.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema32.anyOf,parentSchema:schema32,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema32.required,parentSchema:schema32,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type !== undefined){
let data0 = data.type;
if("identify" !== data0){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "identify"},message:"must be equal to constant",schema:"identify",parentSchema:schema32.properties.type,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err5 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data2 = data.anonymousId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.messageId !== undefined){
let data3 = data.messageId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err9 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data4 = data.timestamp;
if(typeof data4 === "string"){
if(!(formats2.validate(data4))){
const err11 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.originalTimestamp !== undefined){
let data5 = data.originalTimestamp;
if((typeof data5 !== "string") && (data5 !== null)){
const err13 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats2.validate(data5))){
const err14 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.sentAt !== undefined){
let data6 = data.sentAt;
if((typeof data6 !== "string") && (data6 !== null)){
const err15 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats2.validate(data6))){
const err16 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.receivedAt !== undefined){
let data7 = data.receivedAt;
if(typeof data7 === "string"){
if(!(formats2.validate(data7))){
const err17 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.context !== undefined){
let data8 = data.context;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.ip !== undefined){
let data9 = data8.ip;
if(typeof data9 !== "string"){
const err19 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.device !== undefined){
let data10 = data8.device;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.model !== undefined){
let data11 = data10.model;
if(typeof data11 !== "string"){
const err20 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data11};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data10.type !== undefined){
let data12 = data10.type;
if(typeof data12 !== "string"){
const err21 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data12};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data10};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.os !== undefined){
let data13 = data8.os;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.name !== undefined){
let data14 = data13.name;
if(typeof data14 !== "string"){
const err23 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data14};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data13.version !== undefined){
let data15 = data13.version;
if(typeof data15 !== "string"){
const err24 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data13};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data8.app !== undefined){
let data16 = data8.app;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.build !== undefined){
let data17 = data16.build;
if(typeof data17 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data17};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data16.name !== undefined){
let data18 = data16.name;
if(typeof data18 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data18};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.version !== undefined){
let data19 = data16.version;
if(typeof data19 !== "string"){
const err28 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data19};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data16};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data8.library !== undefined){
let data20 = data8.library;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err30 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data21};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if(typeof data22 !== "string"){
const err31 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data20};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data8.personas !== undefined){
let data23 = data8.personas;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.computation_class !== undefined){
let data24 = data23.computation_class;
if(typeof data24 !== "string"){
const err33 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data24};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data23.computation_key !== undefined){
let data25 = data23.computation_key;
if(typeof data25 !== "string"){
const err34 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data23};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data8};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.integrations !== undefined){
let data26 = data.integrations;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key0 in data26){
let data27 = data26[key0];
if((typeof data27 !== "boolean") && (!(data27 && typeof data27 == "object" && !Array.isArray(data27)))){
const err37 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data26};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.traits !== undefined){
let data28 = data.traits;
if((!(data28 && typeof data28 == "object" && !Array.isArray(data28))) && (data28 !== null)){
const err39 = {instancePath:instancePath+"/traits",schemaPath:"common.schema.json#/definitions/NullableFreeForm/type",keyword:"type",params:{type: schema42.type},message:"must be object,null",schema:schema42.type,parentSchema:schema42,data:data28};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.type,parentSchema:schema32,data};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
validate17.errors = vErrors;
return errors === 0;
}

const schema43 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/track.schema.json","title":"TrackMessage","description":"A Track call to the collection API (rule 2.3 in docs/rules.md). Needs an event name.","type":"object","properties":{"type":{"const":"track"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"originalTimestamp":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"receivedAt":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"event":{"type":"string","minLength":1,"description":"Event name."},"properties":{"$ref":"common.schema.json#/definitions/NullableFreeForm"}},"required":["type","event"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate18(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/track.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema43.anyOf[0].required,parentSchema:schema43.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema43.anyOf[1].required,parentSchema:schema43.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema43.anyOf,parentSchema:schema43,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema43.required,parentSchema:schema43,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.event === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "event"},message:"must have required property '"+"event"+"'",schema:schema43.required,parentSchema:schema43,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.type !== undefined){
let data0 = data.type;
if("track" !== data0){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "track"},message:"must be equal to constant",schema:"track",parentSchema:schema43.properties.type,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err6 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data2 = data.anonymousId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err8 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.messageId !== undefined){
let data3 = data.messageId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data4 = data.timestamp;
if(typeof data4 === "string"){
if(!(formats2.validate(data4))){
const err12 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.originalTimestamp !== undefined){
let data5 = data.originalTimestamp;
if((typeof data5 !== "string") && (data5 !== null)){
const err14 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats2.validate(data5))){
const err15 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.sentAt !== undefined){
let data6 = data.sentAt;
if((typeof data6 !== "string") && (data6 !== null)){
const err16 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats2.validate(data6))){
const err17 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.receivedAt !== undefined){
let data7 = data.receivedAt;
if(typeof data7 === "string"){
if(!(formats2.validate(data7))){
const err18 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.context !== undefined){
let data8 = data.context;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.ip !== undefined){
let data9 = data8.ip;
if(typeof data9 !== "string"){
const err20 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data9};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data8.device !== undefined){
let data10 = data8.device;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.model !== undefined){
let data11 = data10.model;
if(typeof data11 !== "string"){
const err21 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data11};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data10.type !== undefined){
let data12 = data10.type;
if(typeof data12 !== "string"){
const err22 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data12};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data10};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data8.os !== undefined){
let data13 = data8.os;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.name !== undefined){
let data14 = data13.name;
if(typeof data14 !== "string"){
const err24 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data14};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data13.version !== undefined){
let data15 = data13.version;
if(typeof data15 !== "string"){
const err25 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data15};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data13};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.app !== undefined){
let data16 = data8.app;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.build !== undefined){
let data17 = data16.build;
if(typeof data17 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data17};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.name !== undefined){
let data18 = data16.name;
if(typeof data18 !== "string"){
const err28 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data18};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data16.version !== undefined){
let data19 = data16.version;
if(typeof data19 !== "string"){
const err29 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data19};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data16};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data8.library !== undefined){
let data20 = data8.library;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err31 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data21};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if(typeof data22 !== "string"){
const err32 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data22};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data20};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data8.personas !== undefined){
let data23 = data8.personas;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.computation_class !== undefined){
let data24 = data23.computation_class;
if(typeof data24 !== "string"){
const err34 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data24};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data23.computation_key !== undefined){
let data25 = data23.computation_key;
if(typeof data25 !== "string"){
const err35 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data25};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data23};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data8};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.integrations !== undefined){
let data26 = data.integrations;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key0 in data26){
let data27 = data26[key0];
if((typeof data27 !== "boolean") && (!(data27 && typeof data27 == "object" && !Array.isArray(data27)))){
const err38 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data26};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.event !== undefined){
let data28 = data.event;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err40 = {instancePath:instancePath+"/event",schemaPath:"#/properties/event/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema43.properties.event,data:data28};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/event",schemaPath:"#/properties/event/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema43.properties.event.type,parentSchema:schema43.properties.event,data:data28};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.properties !== undefined){
let data29 = data.properties;
if((!(data29 && typeof data29 == "object" && !Array.isArray(data29))) && (data29 !== null)){
const err42 = {instancePath:instancePath+"/properties",schemaPath:"common.schema.json#/definitions/NullableFreeForm/type",keyword:"type",params:{type: schema42.type},message:"must be object,null",schema:schema42.type,parentSchema:schema42,data:data29};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema43.type,parentSchema:schema43,data};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
validate18.errors = vErrors;
return errors === 0;
}

const schema54 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/page.schema.json","title":"PageMessage","description":"A Page call to the collection API (rule 2.3 in docs/rules.md). The Go client names the page properties Traits; on the wire they are `properties` (url, title, referrer, path are recognised).","type":"object","properties":{"type":{"const":"page"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"originalTimestamp":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"receivedAt":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"name":{"type":["string","null"],"description":"Name of the page. null is accepted (docs/decisions.md, \"Nulls in optional fields\")."},"category":{"type":["string","null"],"description":"Category of the page. null is accepted (docs/decisions.md, \"Nulls in optional fields\")."},"properties":{"$ref":"common.schema.json#/definitions/NullableFreeForm"}},"required":["type"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"type":"page","userId":"019mr8mf4r","name":"Home","properties":{"path":"/","referrer":"https://example.com/","title":"Home","url":"https://example.org/"},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate19(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/page.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema54.anyOf[0].required,parentSchema:schema54.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema54.anyOf[1].required,parentSchema:schema54.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema54.anyOf,parentSchema:schema54,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema54.required,parentSchema:schema54,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type !== undefined){
let data0 = data.type;
if("page" !== data0){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "page"},message:"must be equal to constant",schema:"page",parentSchema:schema54.properties.type,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err5 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data2 = data.anonymousId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.messageId !== undefined){
let data3 = data.messageId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err9 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data4 = data.timestamp;
if(typeof data4 === "string"){
if(!(formats2.validate(data4))){
const err11 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.originalTimestamp !== undefined){
let data5 = data.originalTimestamp;
if((typeof data5 !== "string") && (data5 !== null)){
const err13 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats2.validate(data5))){
const err14 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.sentAt !== undefined){
let data6 = data.sentAt;
if((typeof data6 !== "string") && (data6 !== null)){
const err15 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats2.validate(data6))){
const err16 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.receivedAt !== undefined){
let data7 = data.receivedAt;
if(typeof data7 === "string"){
if(!(formats2.validate(data7))){
const err17 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.context !== undefined){
let data8 = data.context;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.ip !== undefined){
let data9 = data8.ip;
if(typeof data9 !== "string"){
const err19 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.device !== undefined){
let data10 = data8.device;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.model !== undefined){
let data11 = data10.model;
if(typeof data11 !== "string"){
const err20 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data11};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data10.type !== undefined){
let data12 = data10.type;
if(typeof data12 !== "string"){
const err21 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data12};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data10};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.os !== undefined){
let data13 = data8.os;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.name !== undefined){
let data14 = data13.name;
if(typeof data14 !== "string"){
const err23 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data14};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data13.version !== undefined){
let data15 = data13.version;
if(typeof data15 !== "string"){
const err24 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data13};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data8.app !== undefined){
let data16 = data8.app;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.build !== undefined){
let data17 = data16.build;
if(typeof data17 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data17};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data16.name !== undefined){
let data18 = data16.name;
if(typeof data18 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data18};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.version !== undefined){
let data19 = data16.version;
if(typeof data19 !== "string"){
const err28 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data19};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data16};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data8.library !== undefined){
let data20 = data8.library;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err30 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data21};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if(typeof data22 !== "string"){
const err31 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data20};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data8.personas !== undefined){
let data23 = data8.personas;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.computation_class !== undefined){
let data24 = data23.computation_class;
if(typeof data24 !== "string"){
const err33 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data24};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data23.computation_key !== undefined){
let data25 = data23.computation_key;
if(typeof data25 !== "string"){
const err34 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data23};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data8};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.integrations !== undefined){
let data26 = data.integrations;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key0 in data26){
let data27 = data26[key0];
if((typeof data27 !== "boolean") && (!(data27 && typeof data27 == "object" && !Array.isArray(data27)))){
const err37 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data26};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.name !== undefined){
let data28 = data.name;
if((typeof data28 !== "string") && (data28 !== null)){
const err39 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema54.properties.name.type},message:"must be string,null",schema:schema54.properties.name.type,parentSchema:schema54.properties.name,data:data28};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.category !== undefined){
let data29 = data.category;
if((typeof data29 !== "string") && (data29 !== null)){
const err40 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: schema54.properties.category.type},message:"must be string,null",schema:schema54.properties.category.type,parentSchema:schema54.properties.category,data:data29};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.properties !== undefined){
let data30 = data.properties;
if((!(data30 && typeof data30 == "object" && !Array.isArray(data30))) && (data30 !== null)){
const err41 = {instancePath:instancePath+"/properties",schemaPath:"common.schema.json#/definitions/NullableFreeForm/type",keyword:"type",params:{type: schema42.type},message:"must be object,null",schema:schema42.type,parentSchema:schema42,data:data30};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema54.type,parentSchema:schema54,data};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
validate19.errors = vErrors;
return errors === 0;
}

const schema65 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/screen.schema.json","title":"ScreenMessage","description":"A Screen call to the collection API.","type":"object","properties":{"type":{"const":"screen"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"originalTimestamp":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"receivedAt":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"name":{"type":["string","null"],"description":"Name of the screen. null is accepted (docs/decisions.md, \"Nulls in optional fields\")."},"properties":{"$ref":"common.schema.json#/definitions/NullableFreeForm"}},"required":["type"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"type":"screen","userId":"019mr8mf4r","name":"Main Screen","context":{"device":{"model":"x86_64","type":"ios"},"os":{"name":"iOS","version":"7.0"},"app":{"build":"88","name":"YourApp","version":"2.0.1"}},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/screen.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema65.anyOf[0].required,parentSchema:schema65.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema65.anyOf[1].required,parentSchema:schema65.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema65.anyOf,parentSchema:schema65,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema65.required,parentSchema:schema65,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type !== undefined){
let data0 = data.type;
if("screen" !== data0){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "screen"},message:"must be equal to constant",schema:"screen",parentSchema:schema65.properties.type,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err5 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data2 = data.anonymousId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err7 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.messageId !== undefined){
let data3 = data.messageId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err9 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data4 = data.timestamp;
if(typeof data4 === "string"){
if(!(formats2.validate(data4))){
const err11 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.originalTimestamp !== undefined){
let data5 = data.originalTimestamp;
if((typeof data5 !== "string") && (data5 !== null)){
const err13 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats2.validate(data5))){
const err14 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.sentAt !== undefined){
let data6 = data.sentAt;
if((typeof data6 !== "string") && (data6 !== null)){
const err15 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats2.validate(data6))){
const err16 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.receivedAt !== undefined){
let data7 = data.receivedAt;
if(typeof data7 === "string"){
if(!(formats2.validate(data7))){
const err17 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.context !== undefined){
let data8 = data.context;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.ip !== undefined){
let data9 = data8.ip;
if(typeof data9 !== "string"){
const err19 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.device !== undefined){
let data10 = data8.device;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.model !== undefined){
let data11 = data10.model;
if(typeof data11 !== "string"){
const err20 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data11};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data10.type !== undefined){
let data12 = data10.type;
if(typeof data12 !== "string"){
const err21 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data12};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data10};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.os !== undefined){
let data13 = data8.os;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.name !== undefined){
let data14 = data13.name;
if(typeof data14 !== "string"){
const err23 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data14};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data13.version !== undefined){
let data15 = data13.version;
if(typeof data15 !== "string"){
const err24 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data13};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data8.app !== undefined){
let data16 = data8.app;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.build !== undefined){
let data17 = data16.build;
if(typeof data17 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data17};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data16.name !== undefined){
let data18 = data16.name;
if(typeof data18 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data18};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.version !== undefined){
let data19 = data16.version;
if(typeof data19 !== "string"){
const err28 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data19};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data16};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data8.library !== undefined){
let data20 = data8.library;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err30 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data21};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if(typeof data22 !== "string"){
const err31 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data20};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data8.personas !== undefined){
let data23 = data8.personas;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.computation_class !== undefined){
let data24 = data23.computation_class;
if(typeof data24 !== "string"){
const err33 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data24};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data23.computation_key !== undefined){
let data25 = data23.computation_key;
if(typeof data25 !== "string"){
const err34 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data23};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data8};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.integrations !== undefined){
let data26 = data.integrations;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key0 in data26){
let data27 = data26[key0];
if((typeof data27 !== "boolean") && (!(data27 && typeof data27 == "object" && !Array.isArray(data27)))){
const err37 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data26};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.name !== undefined){
let data28 = data.name;
if((typeof data28 !== "string") && (data28 !== null)){
const err39 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema65.properties.name.type},message:"must be string,null",schema:schema65.properties.name.type,parentSchema:schema65.properties.name,data:data28};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.properties !== undefined){
let data29 = data.properties;
if((!(data29 && typeof data29 == "object" && !Array.isArray(data29))) && (data29 !== null)){
const err40 = {instancePath:instancePath+"/properties",schemaPath:"common.schema.json#/definitions/NullableFreeForm/type",keyword:"type",params:{type: schema42.type},message:"must be object,null",schema:schema42.type,parentSchema:schema42,data:data29};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema65.type,parentSchema:schema65,data};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}

const schema76 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/group.schema.json","title":"GroupMessage","description":"A Group call to the collection API (rule 2.3 in docs/rules.md). Needs a groupId.","type":"object","properties":{"type":{"const":"group"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"originalTimestamp":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"sentAt":{"$ref":"common.schema.json#/definitions/NullableIsoTimestamp"},"receivedAt":{"$ref":"common.schema.json#/definitions/IsoTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"groupId":{"$ref":"common.schema.json#/definitions/Id"},"traits":{"$ref":"common.schema.json#/definitions/NullableFreeForm"}},"required":["type","groupId"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"type":"group","userId":"019mr8mf4r","groupId":"8e9df332-4d31-4e3e-b1b0-9ea8e1e8f07e","traits":{"name":"Initech","industry":"Technology","employees":329,"plan":"enterprise","total billed":830},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/group.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema76.anyOf[0].required,parentSchema:schema76.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema76.anyOf[1].required,parentSchema:schema76.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema76.anyOf,parentSchema:schema76,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema76.required,parentSchema:schema76,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.groupId === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "groupId"},message:"must have required property '"+"groupId"+"'",schema:schema76.required,parentSchema:schema76,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.type !== undefined){
let data0 = data.type;
if("group" !== data0){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "group"},message:"must be equal to constant",schema:"group",parentSchema:schema76.properties.type,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err6 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data2 = data.anonymousId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err8 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.messageId !== undefined){
let data3 = data.messageId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data4 = data.timestamp;
if(typeof data4 === "string"){
if(!(formats2.validate(data4))){
const err12 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.originalTimestamp !== undefined){
let data5 = data.originalTimestamp;
if((typeof data5 !== "string") && (data5 !== null)){
const err14 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats2.validate(data5))){
const err15 = {instancePath:instancePath+"/originalTimestamp",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.sentAt !== undefined){
let data6 = data.sentAt;
if((typeof data6 !== "string") && (data6 !== null)){
const err16 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/type",keyword:"type",params:{type: schema18.type},message:"must be string,null",schema:schema18.type,parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats2.validate(data6))){
const err17 = {instancePath:instancePath+"/sentAt",schemaPath:"common.schema.json#/definitions/NullableIsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema18,data:data6};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.receivedAt !== undefined){
let data7 = data.receivedAt;
if(typeof data7 === "string"){
if(!(formats2.validate(data7))){
const err18 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\"",schema:"date-time",parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/receivedAt",schemaPath:"common.schema.json#/definitions/IsoTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema17.type,parentSchema:schema17,data:data7};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.context !== undefined){
let data8 = data.context;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.ip !== undefined){
let data9 = data8.ip;
if(typeof data9 !== "string"){
const err20 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data9};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data8.device !== undefined){
let data10 = data8.device;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.model !== undefined){
let data11 = data10.model;
if(typeof data11 !== "string"){
const err21 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data11};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data10.type !== undefined){
let data12 = data10.type;
if(typeof data12 !== "string"){
const err22 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data12};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data10};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data8.os !== undefined){
let data13 = data8.os;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.name !== undefined){
let data14 = data13.name;
if(typeof data14 !== "string"){
const err24 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data14};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data13.version !== undefined){
let data15 = data13.version;
if(typeof data15 !== "string"){
const err25 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data15};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data13};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.app !== undefined){
let data16 = data8.app;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.build !== undefined){
let data17 = data16.build;
if(typeof data17 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data17};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data16.name !== undefined){
let data18 = data16.name;
if(typeof data18 !== "string"){
const err28 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data18};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data16.version !== undefined){
let data19 = data16.version;
if(typeof data19 !== "string"){
const err29 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data19};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data16};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data8.library !== undefined){
let data20 = data8.library;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err31 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data21};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data20.version !== undefined){
let data22 = data20.version;
if(typeof data22 !== "string"){
const err32 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data22};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data20};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data8.personas !== undefined){
let data23 = data8.personas;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.computation_class !== undefined){
let data24 = data23.computation_class;
if(typeof data24 !== "string"){
const err34 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data24};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data23.computation_key !== undefined){
let data25 = data23.computation_key;
if(typeof data25 !== "string"){
const err35 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data25};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data23};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data8};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.integrations !== undefined){
let data26 = data.integrations;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key0 in data26){
let data27 = data26[key0];
if((typeof data27 !== "boolean") && (!(data27 && typeof data27 == "object" && !Array.isArray(data27)))){
const err38 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data26};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.groupId !== undefined){
let data28 = data.groupId;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err40 = {instancePath:instancePath+"/groupId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data28};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/groupId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data28};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.traits !== undefined){
let data29 = data.traits;
if((!(data29 && typeof data29 == "object" && !Array.isArray(data29))) && (data29 !== null)){
const err42 = {instancePath:instancePath+"/traits",schemaPath:"common.schema.json#/definitions/NullableFreeForm/type",keyword:"type",params:{type: schema42.type},message:"must be object,null",schema:schema42.type,parentSchema:schema42,data:data29};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema76.type,parentSchema:schema76,data};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}


function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/collection-message.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "identify"){
if(!(validate17(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate17.errors : vErrors.concat(validate17.errors);
errors = vErrors.length;
}
}
else if(tag0 === "track"){
if(!(validate18(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate18.errors : vErrors.concat(validate18.errors);
errors = vErrors.length;
}
}
else if(tag0 === "page"){
if(!(validate19(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate19.errors : vErrors.concat(validate19.errors);
errors = vErrors.length;
}
}
else if(tag0 === "screen"){
if(!(validate20(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate20.errors : vErrors.concat(validate20.errors);
errors = vErrors.length;
}
}
else if(tag0 === "group"){
if(!(validate21(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
}
else if(tag0 === "alias"){
if(!(validate11(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
errors = vErrors.length;
}
}
else {
const err1 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf",schema:schema31.discriminator,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string",schema:schema31.discriminator,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.type,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate16.errors = vErrors;
return errors === 0;
}

export const validate_common = validate12;
const schema13 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/common.schema.json","title":"Common","description":"Shared definitions of the wire contract (rules 2.2-2.4 in docs/rules.md).","definitions":{"Id":{"title":"Id","description":"A user, anonymous, group or message identifier: a non-empty string.","type":"string","minLength":1},"IsoTimestamp":{"title":"IsoTimestamp","description":"An ISO 8601 / RFC 3339 date-time string.","type":"string","format":"date-time"},"NullableIsoTimestamp":{"title":"NullableIsoTimestamp","description":"An ISO 8601 / RFC 3339 date-time string, or null: kept as the call carried it (docs/decisions.md, \"Nulls in optional fields\").","type":["string","null"],"format":"date-time"},"UtcMillisTimestamp":{"title":"UtcMillisTimestamp","description":"An ISO 8601 timestamp in UTC with millisecond precision, as webhook payloads carry (rule 2.2 in docs/rules.md).","type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},"FreeForm":{"title":"FreeForm","description":"Free-form key/value pairs; keys may contain spaces.","type":"object","additionalProperties":true},"NullableFreeForm":{"title":"NullableFreeForm","description":"Free-form key/value pairs, or null: kept as the call carried it (docs/decisions.md, \"Nulls in optional fields\").","type":["object","null"],"additionalProperties":true},"Integrations":{"title":"Integrations","description":"Destination name to enabled flag (rule 2.4 in docs/rules.md). Keys are case sensitive; All=false disables every destination not named true. An object value counts as enabled (destination options), as the real service accepts.","type":"object","additionalProperties":{"type":["boolean","object"]},"examples":[{"All":false,"Webhooks":true},{"Webhooks":false}]},"Context":{"title":"Context","description":"Device, IP and similar information attached to calls (rule 2.2 in docs/rules.md).","type":"object","additionalProperties":true,"properties":{"ip":{"type":"string"},"device":{"type":"object","additionalProperties":true,"properties":{"model":{"type":"string"},"type":{"type":"string"}}},"os":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string"},"version":{"type":"string"}}},"app":{"type":"object","additionalProperties":true,"properties":{"build":{"type":"string"},"name":{"type":"string"},"version":{"type":"string"}}},"library":{"type":"object","additionalProperties":true,"properties":{"name":{"type":"string"},"version":{"type":"string"}}},"personas":{"type":"object","additionalProperties":true,"properties":{"computation_class":{"type":"string"},"computation_key":{"type":"string"}}}},"examples":[{"device":{"model":"x86_64","type":"ios"},"os":{"name":"iOS","version":"7.0"},"app":{"build":"88","name":"YourApp","version":"2.0.1"}}]}}};

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/common.schema.json" */;
validate12.errors = null;
return true;
}

export const validate_deletion_request = validate28;
const schema88 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/deletion-request.schema.json","title":"DeletionRequest","description":"A request to delete users: each affected source with the Webhooks destination enabled gets one delete notification per user.","type":"object","required":["userIds"],"additionalProperties":false,"properties":{"userIds":{"type":"array","minItems":1,"maxItems":5000,"items":{"$ref":"common.schema.json#/definitions/Id"}},"writeKeys":{"type":"array","items":{"type":"string","minLength":1},"description":"Sources named as affected in addition to those holding events of the users."}},"examples":[{"userIds":["019mr8mf4r"]},{"userIds":["u-1","u-2"],"writeKeys":["wk_live_example"]}]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/deletion-request.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userIds === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "userIds"},message:"must have required property '"+"userIds"+"'",schema:schema88.required,parentSchema:schema88,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "userIds") || (key0 === "writeKeys"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema88,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.userIds !== undefined){
let data0 = data.userIds;
if(Array.isArray(data0)){
if(data0.length > 5000){
const err2 = {instancePath:instancePath+"/userIds",schemaPath:"#/properties/userIds/maxItems",keyword:"maxItems",params:{limit: 5000},message:"must NOT have more than 5000 items",schema:5000,parentSchema:schema88.properties.userIds,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data0.length < 1){
const err3 = {instancePath:instancePath+"/userIds",schemaPath:"#/properties/userIds/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema88.properties.userIds,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err4 = {instancePath:instancePath+"/userIds/" + i0,schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/userIds/" + i0,schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/userIds",schemaPath:"#/properties/userIds/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema88.properties.userIds.type,parentSchema:schema88.properties.userIds,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.writeKeys !== undefined){
let data2 = data.writeKeys;
if(Array.isArray(data2)){
const len1 = data2.length;
for(let i1=0; i1<len1; i1++){
let data3 = data2[i1];
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err7 = {instancePath:instancePath+"/writeKeys/" + i1,schemaPath:"#/properties/writeKeys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema88.properties.writeKeys.items,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/writeKeys/" + i1,schemaPath:"#/properties/writeKeys/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema88.properties.writeKeys.items.type,parentSchema:schema88.properties.writeKeys.items,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/writeKeys",schemaPath:"#/properties/writeKeys/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema88.properties.writeKeys.type,parentSchema:schema88.properties.writeKeys,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema88.type,parentSchema:schema88,data};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}

export const validate_delivery_record = validate29;
const schema90 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/delivery-record.schema.json","title":"DeliveryRecord","description":"One webhook delivery with every attempt: GET /__harness/deliveries.","type":"object","required":["id","messageId","type","writeKey","state","attempts"],"additionalProperties":true,"properties":{"id":{"type":"string"},"messageId":{"type":"string"},"type":{"type":"string"},"writeKey":{"type":"string"},"state":{"enum":["pending","delivered","failed","expired"]},"nextAttemptAt":{"type":"string","description":"When the next retry is due (ISO 8601), while pending."},"takeovers":{"type":"integer","minimum":1,"description":"With a shared store: walks of this delivery resumed after the process walking them died mid-walk (its lease ran out). Each may have sent the receiver a request no attempt records: the receiver got at most attempts + takeovers requests. Absent when none."},"attempts":{"type":"array","items":{"title":"DeliveryAttempt","type":"object","required":["url","at","durationMs"],"additionalProperties":true,"properties":{"url":{"type":"string"},"at":{"type":"string"},"status":{"type":"integer"},"error":{"type":"string"},"durationMs":{"type":"number","minimum":0,"description":"On the harness clock: 0 on the fake clock unless time was moved during the attempt."},"realDurationMs":{"type":"number","minimum":0,"description":"Wall-clock milliseconds the attempt took, whatever the harness clock."},"verdict":{"enum":["success","retryable","permanent"],"description":"How the service judges the attempt: permanent failures (3xx, 4xx other than 408 and 429, a self-signed certificate) are not retried."},"answer":{"type":"string","description":"The start (at most 1,024 bytes) of the receiver's body when it answered with a failure status."}}}}},"examples":[{"id":"d-1","messageId":"m-1","type":"track","writeKey":"wk","state":"delivered","attempts":[{"url":"https://example.com/hook","at":"2012-12-02T00:30:08.276Z","status":200,"durationMs":12}]}]};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/delivery-record.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.messageId === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "messageId"},message:"must have required property '"+"messageId"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.type === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.writeKey === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "writeKey"},message:"must have required property '"+"writeKey"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.state === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.attempts === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempts"},message:"must have required property '"+"attempts"+"'",schema:schema90.required,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 !== "string"){
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.id.type,parentSchema:schema90.properties.id,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.messageId !== undefined){
let data1 = data.messageId;
if(typeof data1 !== "string"){
const err7 = {instancePath:instancePath+"/messageId",schemaPath:"#/properties/messageId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.messageId.type,parentSchema:schema90.properties.messageId,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.type !== undefined){
let data2 = data.type;
if(typeof data2 !== "string"){
const err8 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.type.type,parentSchema:schema90.properties.type,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data3 = data.writeKey;
if(typeof data3 !== "string"){
const err9 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.writeKey.type,parentSchema:schema90.properties.writeKey,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.state !== undefined){
let data4 = data.state;
if(!((((data4 === "pending") || (data4 === "delivered")) || (data4 === "failed")) || (data4 === "expired"))){
const err10 = {instancePath:instancePath+"/state",schemaPath:"#/properties/state/enum",keyword:"enum",params:{allowedValues: schema90.properties.state.enum},message:"must be equal to one of the allowed values",schema:schema90.properties.state.enum,parentSchema:schema90.properties.state,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.nextAttemptAt !== undefined){
let data5 = data.nextAttemptAt;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/nextAttemptAt",schemaPath:"#/properties/nextAttemptAt/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.nextAttemptAt.type,parentSchema:schema90.properties.nextAttemptAt,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.takeovers !== undefined){
let data6 = data.takeovers;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err12 = {instancePath:instancePath+"/takeovers",schemaPath:"#/properties/takeovers/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema90.properties.takeovers.type,parentSchema:schema90.properties.takeovers,data:data6};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err13 = {instancePath:instancePath+"/takeovers",schemaPath:"#/properties/takeovers/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema90.properties.takeovers,data:data6};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.attempts !== undefined){
let data7 = data.attempts;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.url === undefined){
const err14 = {instancePath:instancePath+"/attempts/" + i0,schemaPath:"#/properties/attempts/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema90.properties.attempts.items.required,parentSchema:schema90.properties.attempts.items,data:data8};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data8.at === undefined){
const err15 = {instancePath:instancePath+"/attempts/" + i0,schemaPath:"#/properties/attempts/items/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'",schema:schema90.properties.attempts.items.required,parentSchema:schema90.properties.attempts.items,data:data8};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data8.durationMs === undefined){
const err16 = {instancePath:instancePath+"/attempts/" + i0,schemaPath:"#/properties/attempts/items/required",keyword:"required",params:{missingProperty: "durationMs"},message:"must have required property '"+"durationMs"+"'",schema:schema90.properties.attempts.items.required,parentSchema:schema90.properties.attempts.items,data:data8};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data8.url !== undefined){
let data9 = data8.url;
if(typeof data9 !== "string"){
const err17 = {instancePath:instancePath+"/attempts/" + i0+"/url",schemaPath:"#/properties/attempts/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.attempts.items.properties.url.type,parentSchema:schema90.properties.attempts.items.properties.url,data:data9};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.at !== undefined){
let data10 = data8.at;
if(typeof data10 !== "string"){
const err18 = {instancePath:instancePath+"/attempts/" + i0+"/at",schemaPath:"#/properties/attempts/items/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.attempts.items.properties.at.type,parentSchema:schema90.properties.attempts.items.properties.at,data:data10};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.status !== undefined){
let data11 = data8.status;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err19 = {instancePath:instancePath+"/attempts/" + i0+"/status",schemaPath:"#/properties/attempts/items/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema90.properties.attempts.items.properties.status.type,parentSchema:schema90.properties.attempts.items.properties.status,data:data11};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.error !== undefined){
let data12 = data8.error;
if(typeof data12 !== "string"){
const err20 = {instancePath:instancePath+"/attempts/" + i0+"/error",schemaPath:"#/properties/attempts/items/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.attempts.items.properties.error.type,parentSchema:schema90.properties.attempts.items.properties.error,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data8.durationMs !== undefined){
let data13 = data8.durationMs;
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err21 = {instancePath:instancePath+"/attempts/" + i0+"/durationMs",schemaPath:"#/properties/attempts/items/properties/durationMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema90.properties.attempts.items.properties.durationMs,data:data13};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/attempts/" + i0+"/durationMs",schemaPath:"#/properties/attempts/items/properties/durationMs/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema90.properties.attempts.items.properties.durationMs.type,parentSchema:schema90.properties.attempts.items.properties.durationMs,data:data13};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.realDurationMs !== undefined){
let data14 = data8.realDurationMs;
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
const err23 = {instancePath:instancePath+"/attempts/" + i0+"/realDurationMs",schemaPath:"#/properties/attempts/items/properties/realDurationMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema90.properties.attempts.items.properties.realDurationMs,data:data14};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/attempts/" + i0+"/realDurationMs",schemaPath:"#/properties/attempts/items/properties/realDurationMs/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema90.properties.attempts.items.properties.realDurationMs.type,parentSchema:schema90.properties.attempts.items.properties.realDurationMs,data:data14};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.verdict !== undefined){
let data15 = data8.verdict;
if(!(((data15 === "success") || (data15 === "retryable")) || (data15 === "permanent"))){
const err25 = {instancePath:instancePath+"/attempts/" + i0+"/verdict",schemaPath:"#/properties/attempts/items/properties/verdict/enum",keyword:"enum",params:{allowedValues: schema90.properties.attempts.items.properties.verdict.enum},message:"must be equal to one of the allowed values",schema:schema90.properties.attempts.items.properties.verdict.enum,parentSchema:schema90.properties.attempts.items.properties.verdict,data:data15};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data8.answer !== undefined){
let data16 = data8.answer;
if(typeof data16 !== "string"){
const err26 = {instancePath:instancePath+"/attempts/" + i0+"/answer",schemaPath:"#/properties/attempts/items/properties/answer/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema90.properties.attempts.items.properties.answer.type,parentSchema:schema90.properties.attempts.items.properties.answer,data:data16};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/attempts/" + i0,schemaPath:"#/properties/attempts/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.properties.attempts.items.type,parentSchema:schema90.properties.attempts.items,data:data8};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema90.properties.attempts.type,parentSchema:schema90.properties.attempts,data:data7};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema90.type,parentSchema:schema90,data};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}

export const validate_driver_protocol = validate30;
const schema91 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/driver-protocol.schema.json","title":"DriverProtocolLine","description":"One line of the client driver protocol (docs/client-suite.md): JSON lines over stdio between the client suite and a driver. The driver's first line is its ready line (DriverHello); then the suite writes requests (DriverRequest) and the driver answers each (DriverAnswer), matched by id. Drivers may add fields; the suite ignores what it does not know.","anyOf":[{"$ref":"#/definitions/DriverHello"},{"$ref":"#/definitions/DriverRequest"},{"$ref":"#/definitions/DriverAnswer"}],"definitions":{"DriverHello":{"title":"DriverHello","description":"The driver's first line on stdout, once it can take requests.","type":"object","required":["ready","name","capabilities"],"properties":{"ready":{"const":true},"name":{"type":"string","description":"The client under test, as reports name it."},"capabilities":{"type":"array","items":{"type":"string"},"description":"What the rules leave optional (screen) and the knobs the client takes from init (flushAt, flushAfter). Older names (retry, maxEventSize, ...) are accepted and change nothing."}}},"DriverInitConfig":{"title":"DriverInitConfig","description":"The config of an init request. The suite always sends flushAt and flushAfterMs; a driver whose client cannot take one is tested at the rules' default (it does not list the knob). The shipped driver also takes retries, timeout and maxQueueSize.","type":"object","required":["flushAt","flushAfterMs"],"properties":{"flushAt":{"type":"integer","minimum":1},"flushAfterMs":{"type":"integer","minimum":1},"retries":{"type":"integer","minimum":0},"timeout":{"type":"integer","minimum":1},"maxQueueSize":{"type":"integer","minimum":1}}},"DriverRequest":{"title":"DriverRequest","description":"A line the suite writes to the driver's stdin: init (close the current client, flushing it, and start a new one), one call of the client, flush or close (answered once every queued call is settled).","type":"object","required":["id","op"],"properties":{"id":{"type":"integer","minimum":1,"description":"Increasing; the answer carries it back."},"op":{"enum":["init","identify","track","page","screen","group","alias","flush","close"]},"config":{"$ref":"#/definitions/DriverInitConfig"},"message":{"type":"object","description":"The call's message (identify, track, page, screen, group, alias), passed to the client as given: possibly invalid on purpose, for the client to refuse."}}},"DriverAnswer":{"title":"DriverAnswer","description":"The driver's answer to one request: ok true once the call is queued (or init, flush, close done), ok false with the error the client gave when it refused. flush and close may add what they settled (delivered, failed).","type":"object","required":["id","ok"],"properties":{"id":{"type":["integer","null"],"description":"The request's id; null for a line that was not a request."},"ok":{"type":"boolean"},"error":{"type":"string","description":"With ok false: why the client refused (expected; an answer without it is shown whole)."},"delivered":{"type":"integer","minimum":0},"failed":{"type":"array","items":{"type":"string"},"description":"messageIds that failed for good."}}}}};
const schema92 = {"title":"DriverHello","description":"The driver's first line on stdout, once it can take requests.","type":"object","required":["ready","name","capabilities"],"properties":{"ready":{"const":true},"name":{"type":"string","description":"The client under test, as reports name it."},"capabilities":{"type":"array","items":{"type":"string"},"description":"What the rules leave optional (screen) and the knobs the client takes from init (flushAt, flushAfter). Older names (retry, maxEventSize, ...) are accepted and change nothing."}}};
const schema95 = {"title":"DriverAnswer","description":"The driver's answer to one request: ok true once the call is queued (or init, flush, close done), ok false with the error the client gave when it refused. flush and close may add what they settled (delivered, failed).","type":"object","required":["id","ok"],"properties":{"id":{"type":["integer","null"],"description":"The request's id; null for a line that was not a request."},"ok":{"type":"boolean"},"error":{"type":"string","description":"With ok false: why the client refused (expected; an answer without it is shown whole)."},"delivered":{"type":"integer","minimum":0},"failed":{"type":"array","items":{"type":"string"},"description":"messageIds that failed for good."}}};
const schema93 = {"title":"DriverRequest","description":"A line the suite writes to the driver's stdin: init (close the current client, flushing it, and start a new one), one call of the client, flush or close (answered once every queued call is settled).","type":"object","required":["id","op"],"properties":{"id":{"type":"integer","minimum":1,"description":"Increasing; the answer carries it back."},"op":{"enum":["init","identify","track","page","screen","group","alias","flush","close"]},"config":{"$ref":"#/definitions/DriverInitConfig"},"message":{"type":"object","description":"The call's message (identify, track, page, screen, group, alias), passed to the client as given: possibly invalid on purpose, for the client to refuse."}}};
const schema94 = {"title":"DriverInitConfig","description":"The config of an init request. The suite always sends flushAt and flushAfterMs; a driver whose client cannot take one is tested at the rules' default (it does not list the knob). The shipped driver also takes retries, timeout and maxQueueSize.","type":"object","required":["flushAt","flushAfterMs"],"properties":{"flushAt":{"type":"integer","minimum":1},"flushAfterMs":{"type":"integer","minimum":1},"retries":{"type":"integer","minimum":0},"timeout":{"type":"integer","minimum":1},"maxQueueSize":{"type":"integer","minimum":1}}};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'",schema:schema93.required,parentSchema:schema93,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.op === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "op"},message:"must have required property '"+"op"+"'",schema:schema93.required,parentSchema:schema93,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id !== undefined){
let data0 = data.id;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema93.properties.id.type,parentSchema:schema93.properties.id,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema93.properties.id,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
if(data.op !== undefined){
let data1 = data.op;
if(!(((((((((data1 === "init") || (data1 === "identify")) || (data1 === "track")) || (data1 === "page")) || (data1 === "screen")) || (data1 === "group")) || (data1 === "alias")) || (data1 === "flush")) || (data1 === "close"))){
const err4 = {instancePath:instancePath+"/op",schemaPath:"#/properties/op/enum",keyword:"enum",params:{allowedValues: schema93.properties.op.enum},message:"must be equal to one of the allowed values",schema:schema93.properties.op.enum,parentSchema:schema93.properties.op,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.config !== undefined){
let data2 = data.config;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.flushAt === undefined){
const err5 = {instancePath:instancePath+"/config",schemaPath:"#/definitions/DriverInitConfig/required",keyword:"required",params:{missingProperty: "flushAt"},message:"must have required property '"+"flushAt"+"'",schema:schema94.required,parentSchema:schema94,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data2.flushAfterMs === undefined){
const err6 = {instancePath:instancePath+"/config",schemaPath:"#/definitions/DriverInitConfig/required",keyword:"required",params:{missingProperty: "flushAfterMs"},message:"must have required property '"+"flushAfterMs"+"'",schema:schema94.required,parentSchema:schema94,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.flushAt !== undefined){
let data3 = data2.flushAt;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err7 = {instancePath:instancePath+"/config/flushAt",schemaPath:"#/definitions/DriverInitConfig/properties/flushAt/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema94.properties.flushAt.type,parentSchema:schema94.properties.flushAt,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err8 = {instancePath:instancePath+"/config/flushAt",schemaPath:"#/definitions/DriverInitConfig/properties/flushAt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema94.properties.flushAt,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data2.flushAfterMs !== undefined){
let data4 = data2.flushAfterMs;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err9 = {instancePath:instancePath+"/config/flushAfterMs",schemaPath:"#/definitions/DriverInitConfig/properties/flushAfterMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema94.properties.flushAfterMs.type,parentSchema:schema94.properties.flushAfterMs,data:data4};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err10 = {instancePath:instancePath+"/config/flushAfterMs",schemaPath:"#/definitions/DriverInitConfig/properties/flushAfterMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema94.properties.flushAfterMs,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data2.retries !== undefined){
let data5 = data2.retries;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err11 = {instancePath:instancePath+"/config/retries",schemaPath:"#/definitions/DriverInitConfig/properties/retries/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema94.properties.retries.type,parentSchema:schema94.properties.retries,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err12 = {instancePath:instancePath+"/config/retries",schemaPath:"#/definitions/DriverInitConfig/properties/retries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema94.properties.retries,data:data5};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data2.timeout !== undefined){
let data6 = data2.timeout;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err13 = {instancePath:instancePath+"/config/timeout",schemaPath:"#/definitions/DriverInitConfig/properties/timeout/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema94.properties.timeout.type,parentSchema:schema94.properties.timeout,data:data6};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err14 = {instancePath:instancePath+"/config/timeout",schemaPath:"#/definitions/DriverInitConfig/properties/timeout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema94.properties.timeout,data:data6};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data2.maxQueueSize !== undefined){
let data7 = data2.maxQueueSize;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err15 = {instancePath:instancePath+"/config/maxQueueSize",schemaPath:"#/definitions/DriverInitConfig/properties/maxQueueSize/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema94.properties.maxQueueSize.type,parentSchema:schema94.properties.maxQueueSize,data:data7};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err16 = {instancePath:instancePath+"/config/maxQueueSize",schemaPath:"#/definitions/DriverInitConfig/properties/maxQueueSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema94.properties.maxQueueSize,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
}
else {
const err17 = {instancePath:instancePath+"/config",schemaPath:"#/definitions/DriverInitConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema94.type,parentSchema:schema94,data:data2};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.message !== undefined){
let data8 = data.message;
if(!(data8 && typeof data8 == "object" && !Array.isArray(data8))){
const err18 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema93.properties.message.type,parentSchema:schema93.properties.message,data:data8};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema93.type,parentSchema:schema93,data};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}


function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/driver-protocol.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs0 = errors;
let valid0 = false;
const _errs1 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.ready === undefined){
const err0 = {instancePath,schemaPath:"#/definitions/DriverHello/required",keyword:"required",params:{missingProperty: "ready"},message:"must have required property '"+"ready"+"'",schema:schema92.required,parentSchema:schema92,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/definitions/DriverHello/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema92.required,parentSchema:schema92,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.capabilities === undefined){
const err2 = {instancePath,schemaPath:"#/definitions/DriverHello/required",keyword:"required",params:{missingProperty: "capabilities"},message:"must have required property '"+"capabilities"+"'",schema:schema92.required,parentSchema:schema92,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.ready !== undefined){
let data0 = data.ready;
if(true !== data0){
const err3 = {instancePath:instancePath+"/ready",schemaPath:"#/definitions/DriverHello/properties/ready/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant",schema:true,parentSchema:schema92.properties.ready,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 !== "string"){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/definitions/DriverHello/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema92.properties.name.type,parentSchema:schema92.properties.name,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.capabilities !== undefined){
let data2 = data.capabilities;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(typeof data3 !== "string"){
const err5 = {instancePath:instancePath+"/capabilities/" + i0,schemaPath:"#/definitions/DriverHello/properties/capabilities/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema92.properties.capabilities.items.type,parentSchema:schema92.properties.capabilities.items,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/capabilities",schemaPath:"#/definitions/DriverHello/properties/capabilities/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema92.properties.capabilities.type,parentSchema:schema92.properties.capabilities,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/definitions/DriverHello/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema92.type,parentSchema:schema92,data};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid0 = _errs1 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs11 = errors;
if(!(validate31(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
var _valid0 = _errs11 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err8 = {instancePath,schemaPath:"#/definitions/DriverAnswer/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'",schema:schema95.required,parentSchema:schema95,data};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.ok === undefined){
const err9 = {instancePath,schemaPath:"#/definitions/DriverAnswer/required",keyword:"required",params:{missingProperty: "ok"},message:"must have required property '"+"ok"+"'",schema:schema95.required,parentSchema:schema95,data};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.id !== undefined){
let data4 = data.id;
if((!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))) && (data4 !== null)){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/definitions/DriverAnswer/properties/id/type",keyword:"type",params:{type: schema95.properties.id.type},message:"must be integer,null",schema:schema95.properties.id.type,parentSchema:schema95.properties.id,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.ok !== undefined){
let data5 = data.ok;
if(typeof data5 !== "boolean"){
const err11 = {instancePath:instancePath+"/ok",schemaPath:"#/definitions/DriverAnswer/properties/ok/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema95.properties.ok.type,parentSchema:schema95.properties.ok,data:data5};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.error !== undefined){
let data6 = data.error;
if(typeof data6 !== "string"){
const err12 = {instancePath:instancePath+"/error",schemaPath:"#/definitions/DriverAnswer/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema95.properties.error.type,parentSchema:schema95.properties.error,data:data6};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.delivered !== undefined){
let data7 = data.delivered;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err13 = {instancePath:instancePath+"/delivered",schemaPath:"#/definitions/DriverAnswer/properties/delivered/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema95.properties.delivered.type,parentSchema:schema95.properties.delivered,data:data7};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err14 = {instancePath:instancePath+"/delivered",schemaPath:"#/definitions/DriverAnswer/properties/delivered/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema95.properties.delivered,data:data7};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.failed !== undefined){
let data8 = data.failed;
if(Array.isArray(data8)){
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
let data9 = data8[i1];
if(typeof data9 !== "string"){
const err15 = {instancePath:instancePath+"/failed/" + i1,schemaPath:"#/definitions/DriverAnswer/properties/failed/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema95.properties.failed.items.type,parentSchema:schema95.properties.failed.items,data:data9};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/failed",schemaPath:"#/definitions/DriverAnswer/properties/failed/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema95.properties.failed.type,parentSchema:schema95.properties.failed,data:data8};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/definitions/DriverAnswer/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema95.type,parentSchema:schema95,data};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid0 = _errs12 === errors;
valid0 = valid0 || _valid0;
}
}
if(!valid0){
const err18 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema91.anyOf,parentSchema:schema91,data};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate30.errors = vErrors;
return errors === 0;
}

export const validate_error_response = validate33;
const schema96 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/error-response.schema.json","title":"ErrorResponse","description":"The body of every 4xx answer of the collection and admin APIs.","type":"object","required":["success","code","message"],"additionalProperties":true,"properties":{"success":{"const":false},"code":{"type":"string","minLength":1},"message":{"type":"string","minLength":1},"errors":{"type":"array","items":{"type":"object","title":"ErrorDetail","additionalProperties":true,"properties":{"pointer":{"type":"string"},"rule":{"type":"string"},"message":{"type":"string"},"received":{}}}}},"examples":[{"success":false,"code":"EVENT_TOO_LARGE","message":"batch[3] is 40210 bytes; one event may be at most 32768 bytes of JSON"}]};

function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/error-response.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.success === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "success"},message:"must have required property '"+"success"+"'",schema:schema96.required,parentSchema:schema96,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.code === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'",schema:schema96.required,parentSchema:schema96,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.message === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'",schema:schema96.required,parentSchema:schema96,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.success !== undefined){
let data0 = data.success;
if(false !== data0){
const err3 = {instancePath:instancePath+"/success",schemaPath:"#/properties/success/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant",schema:false,parentSchema:schema96.properties.success,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.code !== undefined){
let data1 = data.code;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err4 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema96.properties.code,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema96.properties.code.type,parentSchema:schema96.properties.code,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.message !== undefined){
let data2 = data.message;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err6 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema96.properties.message,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema96.properties.message.type,parentSchema:schema96.properties.message,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.errors !== undefined){
let data3 = data.errors;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.pointer !== undefined){
let data5 = data4.pointer;
if(typeof data5 !== "string"){
const err8 = {instancePath:instancePath+"/errors/" + i0+"/pointer",schemaPath:"#/properties/errors/items/properties/pointer/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema96.properties.errors.items.properties.pointer.type,parentSchema:schema96.properties.errors.items.properties.pointer,data:data5};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data4.rule !== undefined){
let data6 = data4.rule;
if(typeof data6 !== "string"){
const err9 = {instancePath:instancePath+"/errors/" + i0+"/rule",schemaPath:"#/properties/errors/items/properties/rule/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema96.properties.errors.items.properties.rule.type,parentSchema:schema96.properties.errors.items.properties.rule,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data4.message !== undefined){
let data7 = data4.message;
if(typeof data7 !== "string"){
const err10 = {instancePath:instancePath+"/errors/" + i0+"/message",schemaPath:"#/properties/errors/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema96.properties.errors.items.properties.message.type,parentSchema:schema96.properties.errors.items.properties.message,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/errors/" + i0,schemaPath:"#/properties/errors/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema96.properties.errors.items.type,parentSchema:schema96.properties.errors.items,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema96.properties.errors.type,parentSchema:schema96.properties.errors,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema96.type,parentSchema:schema96,data};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate33.errors = vErrors;
return errors === 0;
}

export const validate_group = validate21;

export const validate_harness_config = validate34;
const schema97 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/harness-config.schema.json","title":"HarnessConfig","description":"The config file of `event-harness serve --config FILE`.","type":"object","additionalProperties":false,"properties":{"$schema":{"type":"string"},"sources":{"type":"array","items":{"title":"SourceConfig","type":"object","required":["writeKey"],"additionalProperties":false,"properties":{"writeKey":{"type":"string","minLength":1},"name":{"type":"string"},"destinations":{"type":"object","additionalProperties":false,"properties":{"Webhooks":{"$ref":"webhook-settings.schema.json"},"Webhooks (Actions)":{"$ref":"actions-webhook-settings.schema.json"}}},"projectId":{"type":"string","minLength":1,"maxLength":256,"description":"The source id delivered events carry as projectId. Default: 22 letters and digits derived from the write key, the same on every start and every node."},"payloadVersion":{"enum":[1,2],"description":"The version field of this source's webhook payloads; default delivery.payloadVersion (1)."},"httpConfig":{"$ref":"http-config.schema.json","description":"integrations[\"Segment.io\"].httpConfig in the browser settings of this source; default the top-level httpConfig."}}}},"tls":{"type":"object","additionalProperties":false,"properties":{"ca":{"type":"array","items":{"type":"string","minLength":1},"description":"PEM files (paths relative to the config file) trusted in addition to the system store."}}},"strict":{"type":"boolean","default":false,"description":"Answer 400 listing every violation instead of journaling events as rejected."},"httpConfig":{"$ref":"http-config.schema.json","description":"integrations[\"Segment.io\"].httpConfig in the browser settings of every source (a source's own httpConfig wins): how analytics.js answers 429 and other errors."},"delivery":{"type":"object","additionalProperties":false,"properties":{"userAgent":{"type":"string","default":"Segment.io/1.0"},"aliasFields":{"enum":["standard","documented"],"default":"standard","description":"standard: previousId/userId; documented: \"Previous ID\"/\"User ID\" as in the documented sample."},"timeoutMs":{"type":"integer","minimum":1,"maximum":3600000,"default":5000,"description":"At most 1 hour: a longer wait is no timeout a receiver can be tested against."},"retryWindowMs":{"type":"integer","minimum":0,"maximum":604800000,"default":14400000,"description":"At most 7 days: retries are at most 30 minutes apart, so a longer window would fire unboundedly many timers when the fake clock is advanced."},"concurrency":{"type":"integer","minimum":1,"maximum":1024,"default":32,"description":"At most 1,024 requests at once (the server's own connection cap)."},"capacity":{"type":"integer","minimum":1,"maximum":1000000,"default":100000,"description":"Delivery records held. Past it the oldest finished one is dropped; when all are unfinished the collection API answers 429 DELIVERY_BACKLOG_FULL."},"maxAgeMs":{"type":"integer","minimum":1,"description":"Finished deliveries (delivered, failed, expired) are dropped this long after they finished (harness clock, ms); a pending delivery is never dropped by age. Unset: no age bound."},"blockPrivateTargets":{"type":"boolean","default":false,"description":"Refuse webhook targets whose address, after DNS resolution, is private, link-local, loopback or otherwise not public (for shared deployments); the attempt fails with TARGET_ADDRESS_REFUSED and is not retried."},"payloadVersion":{"enum":[1,2],"default":1,"description":"The version field of webhook payloads: 1, as the documented payloads carry, or 2, as observed deliveries carry (docs/decisions.md). A source's payloadVersion wins."}}},"journal":{"type":"object","additionalProperties":false,"properties":{"capacity":{"type":"integer","minimum":1,"maximum":1000000,"default":100000,"description":"Entries kept; counts stay exact past it."},"maxBytes":{"type":"integer","minimum":1048576,"maximum":4294967296,"default":268435456,"description":"Characters of event text held at most (256 Mi by default); past it the oldest entries go, counts stay exact."},"maxAgeMs":{"type":"integer","minimum":1,"description":"Entries recorded longer ago than this (harness clock) are no longer held; counts stay exact. Unset: no age bound."}}},"rateLimit":{"type":"object","additionalProperties":false,"required":["requestsPerSecond"],"description":"Answer 429 with Retry-After and X-RateLimit-Reset to collection requests beyond this rate (per second of the harness clock, the whole service), as the real API may past its limit.","properties":{"requestsPerSecond":{"type":"integer","minimum":1}}}},"examples":[{"sources":[{"writeKey":"wk_live_example","name":"Website","destinations":{"Webhooks":{"sharedSecret":"my-signing-secret","webhooks":[{"url":"https://example.com/hooks","headers":{"X-Team":"growth"}}]}}}],"tls":{"ca":["test-ca.pem"]},"strict":false}]};
const schema98 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-settings.schema.json","title":"WebhookSettings","description":"Settings of the Webhooks destination (rule 2.1 in docs/rules.md): up to 5 webhooks, each an absolute http(s) URL with up to 5 static headers (which may not replace Content-Type, Content-Length, X-Signature or Host, nor set Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade or Expect), and an optional shared secret for signing.","type":"object","required":["webhooks"],"properties":{"sharedSecret":{"type":"string","minLength":1,"description":"When set, every request carries X-Signature (rule 5.1 in docs/rules.md)."},"enabled":{"type":"boolean","default":true,"description":"Whether the destination is enabled (rule 2.1 in docs/rules.md)."},"webhooks":{"type":"array","minItems":1,"maxItems":5,"items":{"title":"WebhookEntry","type":"object","required":["url"],"additionalProperties":false,"properties":{"url":{"type":"string","format":"uri","pattern":"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+","description":"Full URL including the http or https protocol."},"headers":{"type":"object","maxProperties":5,"propertyNames":{"pattern":"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},"additionalProperties":{"type":"string","pattern":"^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$","description":"A value Node.js can write on one line: tab, visible ASCII and Latin-1, never CR, LF or NUL"},"description":"Static headers added to requests to this URL. They may not set what the service writes itself (Content-Type, Content-Length, X-Signature, Host) nor what frames the request or controls the connection (Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade, Expect), in any letter case."}}}}},"additionalProperties":false,"examples":[{"sharedSecret":"my-signing-secret","webhooks":[{"url":"https://example.com/hooks/events","headers":{"Authorization":"Bearer abc123","X-Team":"growth"}},{"url":"http://localhost:3000/webhook"}]}]};
const schema100 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/http-config.schema.json","title":"HttpConfig","description":"How the SDKs answer the collection API's errors, as @segment/analytics-next (1.84.0 and later) reads it from the settings' integrations[\"Segment.io\"].httpConfig, where it wins over the init options (packages/browser/src/plugins/segmentio/shared-dispatcher.ts, resolveHttpConfig). Served as given; the SDK clamps each number to its own range. Keys the SDKs do not read are passed through.","type":"object","additionalProperties":true,"properties":{"rateLimitConfig":{"type":"object","additionalProperties":true,"description":"429 answers.","properties":{"enabled":{"type":"boolean"},"maxRetryCount":{"type":"integer","minimum":0,"description":"Retries of a rate-limited event (SDK default 10)."},"maxRetryInterval":{"type":"number","minimum":0,"description":"Longest Retry-After honoured, seconds (SDK default 300)."},"maxRateLimitDuration":{"type":"number","minimum":0,"description":"Seconds (SDK default 43200)."}}},"backoffConfig":{"type":"object","additionalProperties":true,"description":"Other error answers.","properties":{"enabled":{"type":"boolean"},"maxRetryCount":{"type":"integer","minimum":0,"description":"SDK default 10."},"baseBackoffInterval":{"type":"number","minimum":0,"description":"Seconds (SDK default 0.5)."},"maxBackoffInterval":{"type":"number","minimum":0,"description":"Seconds (SDK default 60)."},"maxTotalBackoffDuration":{"type":"number","minimum":0,"description":"Seconds (SDK default 43200)."},"jitterPercent":{"type":"number","minimum":0,"maximum":100,"description":"SDK default 10."},"default4xxBehavior":{"enum":["drop","retry"],"description":"SDK default drop."},"default5xxBehavior":{"enum":["drop","retry"],"description":"SDK default retry."},"statusCodeOverrides":{"type":"object","description":"Per status code (its three digits as the key): drop or retry.","propertyNames":{"pattern":"^[1-5][0-9]{2}$"},"additionalProperties":{"enum":["drop","retry"]}}}}},"examples":[{"backoffConfig":{"statusCodeOverrides":{"503":"drop"}}},{"rateLimitConfig":{"maxRetryCount":0}}]};
const func43 = Object.prototype.hasOwnProperty;
const pattern7 = new RegExp("^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$", "u");
const pattern11 = new RegExp("^[1-5][0-9]{2}$", "u");

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/harness-config.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((((((key0 === "$schema") || (key0 === "sources")) || (key0 === "tls")) || (key0 === "strict")) || (key0 === "httpConfig")) || (key0 === "delivery")) || (key0 === "journal")) || (key0 === "rateLimit"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema97,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.$schema !== undefined){
let data0 = data.$schema;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema97.properties.$schema.type,parentSchema:schema97.properties.$schema,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.sources !== undefined){
let data1 = data.sources;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.writeKey === undefined){
const err2 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/properties/sources/items/required",keyword:"required",params:{missingProperty: "writeKey"},message:"must have required property '"+"writeKey"+"'",schema:schema97.properties.sources.items.required,parentSchema:schema97.properties.sources.items,data:data2};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key1 in data2){
if(!((((((key1 === "writeKey") || (key1 === "name")) || (key1 === "destinations")) || (key1 === "projectId")) || (key1 === "payloadVersion")) || (key1 === "httpConfig"))){
const err3 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/properties/sources/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema97.properties.sources.items,data:data2};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data2.writeKey !== undefined){
let data3 = data2.writeKey;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err4 = {instancePath:instancePath+"/sources/" + i0+"/writeKey",schemaPath:"#/properties/sources/items/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema97.properties.sources.items.properties.writeKey,data:data3};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/sources/" + i0+"/writeKey",schemaPath:"#/properties/sources/items/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema97.properties.sources.items.properties.writeKey.type,parentSchema:schema97.properties.sources.items.properties.writeKey,data:data3};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data2.name !== undefined){
let data4 = data2.name;
if(typeof data4 !== "string"){
const err6 = {instancePath:instancePath+"/sources/" + i0+"/name",schemaPath:"#/properties/sources/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema97.properties.sources.items.properties.name.type,parentSchema:schema97.properties.sources.items.properties.name,data:data4};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data2.destinations !== undefined){
let data5 = data2.destinations;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
for(const key2 in data5){
if(!((key2 === "Webhooks") || (key2 === "Webhooks (Actions)"))){
const err7 = {instancePath:instancePath+"/sources/" + i0+"/destinations",schemaPath:"#/properties/sources/items/properties/destinations/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema97.properties.sources.items.properties.destinations,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data5.Webhooks !== undefined){
let data6 = data5.Webhooks;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.webhooks === undefined){
const err8 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks",schemaPath:"webhook-settings.schema.json/required",keyword:"required",params:{missingProperty: "webhooks"},message:"must have required property '"+"webhooks"+"'",schema:schema98.required,parentSchema:schema98,data:data6};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key3 in data6){
if(!(((key3 === "sharedSecret") || (key3 === "enabled")) || (key3 === "webhooks"))){
const err9 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks",schemaPath:"webhook-settings.schema.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema98,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data6.sharedSecret !== undefined){
let data7 = data6.sharedSecret;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err10 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/sharedSecret",schemaPath:"webhook-settings.schema.json/properties/sharedSecret/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema98.properties.sharedSecret,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/sharedSecret",schemaPath:"webhook-settings.schema.json/properties/sharedSecret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema98.properties.sharedSecret.type,parentSchema:schema98.properties.sharedSecret,data:data7};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data6.enabled !== undefined){
let data8 = data6.enabled;
if(typeof data8 !== "boolean"){
const err12 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/enabled",schemaPath:"webhook-settings.schema.json/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema98.properties.enabled.type,parentSchema:schema98.properties.enabled,data:data8};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data6.webhooks !== undefined){
let data9 = data6.webhooks;
if(Array.isArray(data9)){
if(data9.length > 5){
const err13 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks",schemaPath:"webhook-settings.schema.json/properties/webhooks/maxItems",keyword:"maxItems",params:{limit: 5},message:"must NOT have more than 5 items",schema:5,parentSchema:schema98.properties.webhooks,data:data9};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data9.length < 1){
const err14 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks",schemaPath:"webhook-settings.schema.json/properties/webhooks/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema98.properties.webhooks,data:data9};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
let data10 = data9[i1];
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.url === undefined){
const err15 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1,schemaPath:"webhook-settings.schema.json/properties/webhooks/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema98.properties.webhooks.items.required,parentSchema:schema98.properties.webhooks.items,data:data10};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key4 in data10){
if(!((key4 === "url") || (key4 === "headers"))){
const err16 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1,schemaPath:"webhook-settings.schema.json/properties/webhooks/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema98.properties.webhooks.items,data:data10};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data10.url !== undefined){
let data11 = data10.url;
if(typeof data11 === "string"){
if(!pattern0.test(data11)){
const err17 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/url",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/url/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+",parentSchema:schema98.properties.webhooks.items.properties.url,data:data11};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!(formats0(data11))){
const err18 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/url",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema98.properties.webhooks.items.properties.url,data:data11};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/url",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema98.properties.webhooks.items.properties.url.type,parentSchema:schema98.properties.webhooks.items.properties.url,data:data11};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data10.headers !== undefined){
let data12 = data10.headers;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(Object.keys(data12).length > 5){
const err20 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/headers",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/headers/maxProperties",keyword:"maxProperties",params:{limit: 5},message:"must NOT have more than 5 properties",schema:5,parentSchema:schema98.properties.webhooks.items.properties.headers,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
for(const key5 in data12){
const _errs33 = errors;
if(typeof key5 === "string"){
if(!pattern1.test(key5)){
const err21 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/headers",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/headers/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},message:"must match pattern \""+"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"+"\"",schema:"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$",parentSchema:schema98.properties.webhooks.items.properties.headers.propertyNames,data:key5,propertyName:key5};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
var valid10 = _errs33 === errors;
if(!valid10){
const err22 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/headers",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/headers/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid",schema:schema98.properties.webhooks.items.properties.headers.propertyNames,parentSchema:schema98.properties.webhooks.items.properties.headers,data:data12};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
for(const key6 in data12){
let data13 = data12[key6];
if(typeof data13 === "string"){
if(!pattern7.test(data13)){
const err23 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/headers/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/headers/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$"},message:"must match pattern \""+"^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$"+"\"",schema:"^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$",parentSchema:schema98.properties.webhooks.items.properties.headers.additionalProperties,data:data13};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/headers/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema98.properties.webhooks.items.properties.headers.additionalProperties.type,parentSchema:schema98.properties.webhooks.items.properties.headers.additionalProperties,data:data13};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1+"/headers",schemaPath:"webhook-settings.schema.json/properties/webhooks/items/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema98.properties.webhooks.items.properties.headers.type,parentSchema:schema98.properties.webhooks.items.properties.headers,data:data12};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks/" + i1,schemaPath:"webhook-settings.schema.json/properties/webhooks/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema98.properties.webhooks.items.type,parentSchema:schema98.properties.webhooks.items,data:data10};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks/webhooks",schemaPath:"webhook-settings.schema.json/properties/webhooks/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema98.properties.webhooks.type,parentSchema:schema98.properties.webhooks,data:data9};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks",schemaPath:"webhook-settings.schema.json/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema98.type,parentSchema:schema98,data:data6};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data5["Webhooks (Actions)"] !== undefined){
let data14 = data5["Webhooks (Actions)"];
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.mappings === undefined){
const err29 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)",schemaPath:"actions-webhook-settings.schema.json/required",keyword:"required",params:{missingProperty: "mappings"},message:"must have required property '"+"mappings"+"'",schema:schema11.required,parentSchema:schema11,data:data14};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
for(const key7 in data14){
if(!(((((key7 === "sharedSecret") || (key7 === "enabled")) || (key7 === "timeoutMs")) || (key7 === "batchWindowMs")) || (key7 === "mappings"))){
const err30 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)",schemaPath:"actions-webhook-settings.schema.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data:data14};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data14.sharedSecret !== undefined){
let data15 = data14.sharedSecret;
if(typeof data15 === "string"){
if(func2(data15) < 1){
const err31 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/sharedSecret",schemaPath:"actions-webhook-settings.schema.json/properties/sharedSecret/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema11.properties.sharedSecret,data:data15};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/sharedSecret",schemaPath:"actions-webhook-settings.schema.json/properties/sharedSecret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.sharedSecret.type,parentSchema:schema11.properties.sharedSecret,data:data15};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data14.enabled !== undefined){
let data16 = data14.enabled;
if(typeof data16 !== "boolean"){
const err33 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/enabled",schemaPath:"actions-webhook-settings.schema.json/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema11.properties.enabled.type,parentSchema:schema11.properties.enabled,data:data16};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data14.timeoutMs !== undefined){
let data17 = data14.timeoutMs;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err34 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/timeoutMs",schemaPath:"actions-webhook-settings.schema.json/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema11.properties.timeoutMs.type,parentSchema:schema11.properties.timeoutMs,data:data17};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 > 3600000 || isNaN(data17)){
const err35 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/timeoutMs",schemaPath:"actions-webhook-settings.schema.json/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600000},message:"must be <= 3600000",schema:3600000,parentSchema:schema11.properties.timeoutMs,data:data17};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data17 < 1 || isNaN(data17)){
const err36 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/timeoutMs",schemaPath:"actions-webhook-settings.schema.json/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema11.properties.timeoutMs,data:data17};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
if(data14.batchWindowMs !== undefined){
let data18 = data14.batchWindowMs;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err37 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/batchWindowMs",schemaPath:"actions-webhook-settings.schema.json/properties/batchWindowMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema11.properties.batchWindowMs.type,parentSchema:schema11.properties.batchWindowMs,data:data18};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err38 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/batchWindowMs",schemaPath:"actions-webhook-settings.schema.json/properties/batchWindowMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema11.properties.batchWindowMs,data:data18};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
if(data14.mappings !== undefined){
let data19 = data14.mappings;
if(Array.isArray(data19)){
if(data19.length > 5){
const err39 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/maxItems",keyword:"maxItems",params:{limit: 5},message:"must NOT have more than 5 items",schema:5,parentSchema:schema11.properties.mappings,data:data19};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data19.length < 1){
const err40 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema11.properties.mappings,data:data19};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
const len2 = data19.length;
for(let i2=0; i2<len2; i2++){
let data20 = data19[i2];
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.url === undefined){
const err41 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2,schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema11.properties.mappings.items.required,parentSchema:schema11.properties.mappings.items,data:data20};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key8 in data20){
if(!(((((((key8 === "name") || (key8 === "subscribe")) || (key8 === "url")) || (key8 === "method")) || (key8 === "headers")) || (key8 === "enableBatching")) || (key8 === "batchSize"))){
const err42 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2,schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties",schema:false,parentSchema:schema11.properties.mappings.items,data:data20};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data20.name !== undefined){
let data21 = data20.name;
if(typeof data21 !== "string"){
const err43 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/name",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.mappings.items.properties.name.type,parentSchema:schema11.properties.mappings.items.properties.name,data:data21};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data20.subscribe !== undefined){
let data22 = data20.subscribe;
if(Array.isArray(data22)){
if(data22.length < 1){
const err44 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/subscribe",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/subscribe/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema11.properties.mappings.items.properties.subscribe,data:data22};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
const len3 = data22.length;
for(let i3=0; i3<len3; i3++){
let data23 = data22[i3];
if(!((((((data23 === "track") || (data23 === "page")) || (data23 === "screen")) || (data23 === "identify")) || (data23 === "group")) || (data23 === "alias"))){
const err45 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/subscribe/" + i3,schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/subscribe/items/enum",keyword:"enum",params:{allowedValues: schema11.properties.mappings.items.properties.subscribe.items.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.mappings.items.properties.subscribe.items.enum,parentSchema:schema11.properties.mappings.items.properties.subscribe.items,data:data23};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
let i4 = data22.length;
let j0;
if(i4 > 1){
outer0:
for(;i4--;){
for(j0 = i4; j0--;){
if(func0(data22[i4], data22[j0])){
const err46 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/subscribe",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/subscribe/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i4+" are identical)",schema:true,parentSchema:schema11.properties.mappings.items.properties.subscribe,data:data22};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err47 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/subscribe",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/subscribe/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema11.properties.mappings.items.properties.subscribe.type,parentSchema:schema11.properties.mappings.items.properties.subscribe,data:data22};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data20.url !== undefined){
let data24 = data20.url;
if(typeof data24 === "string"){
if(!pattern0.test(data24)){
const err48 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/url",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/url/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+",parentSchema:schema11.properties.mappings.items.properties.url,data:data24};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(!(formats0(data24))){
const err49 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/url",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema11.properties.mappings.items.properties.url,data:data24};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/url",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.mappings.items.properties.url.type,parentSchema:schema11.properties.mappings.items.properties.url,data:data24};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data20.method !== undefined){
let data25 = data20.method;
if(!(((data25 === "POST") || (data25 === "PUT")) || (data25 === "PATCH"))){
const err51 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/method",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/method/enum",keyword:"enum",params:{allowedValues: schema11.properties.mappings.items.properties.method.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.mappings.items.properties.method.enum,parentSchema:schema11.properties.mappings.items.properties.method,data:data25};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data20.headers !== undefined){
let data26 = data20.headers;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key9 in data26){
const _errs64 = errors;
if(typeof key9 === "string"){
if(!pattern1.test(key9)){
const err52 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/headers",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/headers/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},message:"must match pattern \""+"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"+"\"",schema:"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$",parentSchema:schema11.properties.mappings.items.properties.headers.propertyNames,data:key9,propertyName:key9};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
var valid20 = _errs64 === errors;
if(!valid20){
const err53 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/headers",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/headers/propertyNames",keyword:"propertyNames",params:{propertyName: key9},message:"property name must be valid",schema:schema11.properties.mappings.items.properties.headers.propertyNames,parentSchema:schema11.properties.mappings.items.properties.headers,data:data26};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
for(const key10 in data26){
let data27 = data26[key10];
if(typeof data27 === "string"){
if(!pattern2.test(data27)){
const err54 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/headers/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/headers/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^[\\u0020-\\u007e\\t]*$"},message:"must match pattern \""+"^[\\u0020-\\u007e\\t]*$"+"\"",schema:"^[\\u0020-\\u007e\\t]*$",parentSchema:schema11.properties.mappings.items.properties.headers.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/headers/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.mappings.items.properties.headers.additionalProperties.type,parentSchema:schema11.properties.mappings.items.properties.headers.additionalProperties,data:data27};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/headers",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.properties.mappings.items.properties.headers.type,parentSchema:schema11.properties.mappings.items.properties.headers,data:data26};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data20.enableBatching !== undefined){
let data28 = data20.enableBatching;
if(typeof data28 !== "boolean"){
const err57 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/enableBatching",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/enableBatching/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema11.properties.mappings.items.properties.enableBatching.type,parentSchema:schema11.properties.mappings.items.properties.enableBatching,data:data28};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data20.batchSize !== undefined){
let data29 = data20.batchSize;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err58 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/batchSize",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/batchSize/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema11.properties.mappings.items.properties.batchSize.type,parentSchema:schema11.properties.mappings.items.properties.batchSize,data:data29};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 > 4000 || isNaN(data29)){
const err59 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/batchSize",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/batchSize/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4000},message:"must be <= 4000",schema:4000,parentSchema:schema11.properties.mappings.items.properties.batchSize,data:data29};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data29 < 1 || isNaN(data29)){
const err60 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2+"/batchSize",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/properties/batchSize/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema11.properties.mappings.items.properties.batchSize,data:data29};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
}
else {
const err61 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings/" + i2,schemaPath:"actions-webhook-settings.schema.json/properties/mappings/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.properties.mappings.items.type,parentSchema:schema11.properties.mappings.items,data:data20};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)/mappings",schemaPath:"actions-webhook-settings.schema.json/properties/mappings/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema11.properties.mappings.type,parentSchema:schema11.properties.mappings,data:data19};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath:instancePath+"/sources/" + i0+"/destinations/Webhooks (Actions)",schemaPath:"actions-webhook-settings.schema.json/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data:data14};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath:instancePath+"/sources/" + i0+"/destinations",schemaPath:"#/properties/sources/items/properties/destinations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.properties.sources.items.properties.destinations.type,parentSchema:schema97.properties.sources.items.properties.destinations,data:data5};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data2.projectId !== undefined){
let data30 = data2.projectId;
if(typeof data30 === "string"){
if(func2(data30) > 256){
const err65 = {instancePath:instancePath+"/sources/" + i0+"/projectId",schemaPath:"#/properties/sources/items/properties/projectId/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters",schema:256,parentSchema:schema97.properties.sources.items.properties.projectId,data:data30};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(func2(data30) < 1){
const err66 = {instancePath:instancePath+"/sources/" + i0+"/projectId",schemaPath:"#/properties/sources/items/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema97.properties.sources.items.properties.projectId,data:data30};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/sources/" + i0+"/projectId",schemaPath:"#/properties/sources/items/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema97.properties.sources.items.properties.projectId.type,parentSchema:schema97.properties.sources.items.properties.projectId,data:data30};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data2.payloadVersion !== undefined){
let data31 = data2.payloadVersion;
if(!((data31 === 1) || (data31 === 2))){
const err68 = {instancePath:instancePath+"/sources/" + i0+"/payloadVersion",schemaPath:"#/properties/sources/items/properties/payloadVersion/enum",keyword:"enum",params:{allowedValues: schema97.properties.sources.items.properties.payloadVersion.enum},message:"must be equal to one of the allowed values",schema:schema97.properties.sources.items.properties.payloadVersion.enum,parentSchema:schema97.properties.sources.items.properties.payloadVersion,data:data31};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data2.httpConfig !== undefined){
let data32 = data2.httpConfig;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
if(data32.rateLimitConfig !== undefined){
let data33 = data32.rateLimitConfig;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.enabled !== undefined){
let data34 = data33.enabled;
if(typeof data34 !== "boolean"){
const err69 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/enabled",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.rateLimitConfig.properties.enabled.type,parentSchema:schema100.properties.rateLimitConfig.properties.enabled,data:data34};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data33.maxRetryCount !== undefined){
let data35 = data33.maxRetryCount;
if(!(((typeof data35 == "number") && (!(data35 % 1) && !isNaN(data35))) && (isFinite(data35)))){
const err70 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.rateLimitConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data35};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 0 || isNaN(data35)){
const err71 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data35};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
if(data33.maxRetryInterval !== undefined){
let data36 = data33.maxRetryInterval;
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 < 0 || isNaN(data36)){
const err72 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/maxRetryInterval",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data36};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/maxRetryInterval",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRetryInterval.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data36};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data33.maxRateLimitDuration !== undefined){
let data37 = data33.maxRateLimitDuration;
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 < 0 || isNaN(data37)){
const err74 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/maxRateLimitDuration",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRateLimitDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data37};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
else {
const err75 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig/maxRateLimitDuration",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRateLimitDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data37};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/rateLimitConfig",schemaPath:"http-config.schema.json/properties/rateLimitConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.rateLimitConfig.type,parentSchema:schema100.properties.rateLimitConfig,data:data33};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data32.backoffConfig !== undefined){
let data38 = data32.backoffConfig;
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
if(data38.enabled !== undefined){
let data39 = data38.enabled;
if(typeof data39 !== "boolean"){
const err77 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/enabled",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.backoffConfig.properties.enabled.type,parentSchema:schema100.properties.backoffConfig.properties.enabled,data:data39};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data38.maxRetryCount !== undefined){
let data40 = data38.maxRetryCount;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err78 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.backoffConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data40};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err79 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data40};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
if(data38.baseBackoffInterval !== undefined){
let data41 = data38.baseBackoffInterval;
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 < 0 || isNaN(data41)){
const err80 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/baseBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/baseBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data41};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
else {
const err81 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/baseBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/baseBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.baseBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data41};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data38.maxBackoffInterval !== undefined){
let data42 = data38.maxBackoffInterval;
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 < 0 || isNaN(data42)){
const err82 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/maxBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data42};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
else {
const err83 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/maxBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data42};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data38.maxTotalBackoffDuration !== undefined){
let data43 = data38.maxTotalBackoffDuration;
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 < 0 || isNaN(data43)){
const err84 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/maxTotalBackoffDuration",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxTotalBackoffDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data43};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
else {
const err85 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/maxTotalBackoffDuration",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxTotalBackoffDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration.type,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data43};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data38.jitterPercent !== undefined){
let data44 = data38.jitterPercent;
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 > 100 || isNaN(data44)){
const err86 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100",schema:100,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data44};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if(data44 < 0 || isNaN(data44)){
const err87 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data44};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.jitterPercent.type,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data44};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data38.default4xxBehavior !== undefined){
let data45 = data38.default4xxBehavior;
if(!((data45 === "drop") || (data45 === "retry"))){
const err89 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/default4xxBehavior",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/default4xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default4xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default4xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default4xxBehavior,data:data45};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data38.default5xxBehavior !== undefined){
let data46 = data38.default5xxBehavior;
if(!((data46 === "drop") || (data46 === "retry"))){
const err90 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/default5xxBehavior",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/default5xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default5xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default5xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default5xxBehavior,data:data46};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data38.statusCodeOverrides !== undefined){
let data47 = data38.statusCodeOverrides;
if(data47 && typeof data47 == "object" && !Array.isArray(data47)){
for(const key11 in data47){
const _errs109 = errors;
if(typeof key11 === "string"){
if(!pattern11.test(key11)){
const err91 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[1-5][0-9]{2}$"},message:"must match pattern \""+"^[1-5][0-9]{2}$"+"\"",schema:"^[1-5][0-9]{2}$",parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,data:key11,propertyName:key11};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
var valid26 = _errs109 === errors;
if(!valid26){
const err92 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/propertyNames",keyword:"propertyNames",params:{propertyName: key11},message:"property name must be valid",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data47};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
for(const key12 in data47){
let data48 = data47[key12];
if(!((data48 === "drop") || (data48 === "retry"))){
const err93 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/statusCodeOverrides/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/additionalProperties/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties,data:data48};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
}
else {
const err94 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.type,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data47};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
}
else {
const err95 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig/backoffConfig",schemaPath:"http-config.schema.json/properties/backoffConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.type,parentSchema:schema100.properties.backoffConfig,data:data38};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/sources/" + i0+"/httpConfig",schemaPath:"http-config.schema.json/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.type,parentSchema:schema100,data:data32};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
}
else {
const err97 = {instancePath:instancePath+"/sources/" + i0,schemaPath:"#/properties/sources/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.properties.sources.items.type,parentSchema:schema97.properties.sources.items,data:data2};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
}
else {
const err98 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema97.properties.sources.type,parentSchema:schema97.properties.sources,data:data1};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data.tls !== undefined){
let data49 = data.tls;
if(data49 && typeof data49 == "object" && !Array.isArray(data49)){
for(const key13 in data49){
if(!(key13 === "ca")){
const err99 = {instancePath:instancePath+"/tls",schemaPath:"#/properties/tls/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties",schema:false,parentSchema:schema97.properties.tls,data:data49};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data49.ca !== undefined){
let data50 = data49.ca;
if(Array.isArray(data50)){
const len4 = data50.length;
for(let i5=0; i5<len4; i5++){
let data51 = data50[i5];
if(typeof data51 === "string"){
if(func2(data51) < 1){
const err100 = {instancePath:instancePath+"/tls/ca/" + i5,schemaPath:"#/properties/tls/properties/ca/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema97.properties.tls.properties.ca.items,data:data51};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
else {
const err101 = {instancePath:instancePath+"/tls/ca/" + i5,schemaPath:"#/properties/tls/properties/ca/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema97.properties.tls.properties.ca.items.type,parentSchema:schema97.properties.tls.properties.ca.items,data:data51};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
else {
const err102 = {instancePath:instancePath+"/tls/ca",schemaPath:"#/properties/tls/properties/ca/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema97.properties.tls.properties.ca.type,parentSchema:schema97.properties.tls.properties.ca,data:data50};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
else {
const err103 = {instancePath:instancePath+"/tls",schemaPath:"#/properties/tls/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.properties.tls.type,parentSchema:schema97.properties.tls,data:data49};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data.strict !== undefined){
let data52 = data.strict;
if(typeof data52 !== "boolean"){
const err104 = {instancePath:instancePath+"/strict",schemaPath:"#/properties/strict/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema97.properties.strict.type,parentSchema:schema97.properties.strict,data:data52};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data.httpConfig !== undefined){
let data53 = data.httpConfig;
if(data53 && typeof data53 == "object" && !Array.isArray(data53)){
if(data53.rateLimitConfig !== undefined){
let data54 = data53.rateLimitConfig;
if(data54 && typeof data54 == "object" && !Array.isArray(data54)){
if(data54.enabled !== undefined){
let data55 = data54.enabled;
if(typeof data55 !== "boolean"){
const err105 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/enabled",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.rateLimitConfig.properties.enabled.type,parentSchema:schema100.properties.rateLimitConfig.properties.enabled,data:data55};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
if(data54.maxRetryCount !== undefined){
let data56 = data54.maxRetryCount;
if(!(((typeof data56 == "number") && (!(data56 % 1) && !isNaN(data56))) && (isFinite(data56)))){
const err106 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.rateLimitConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data56};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if((typeof data56 == "number") && (isFinite(data56))){
if(data56 < 0 || isNaN(data56)){
const err107 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data56};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
}
if(data54.maxRetryInterval !== undefined){
let data57 = data54.maxRetryInterval;
if((typeof data57 == "number") && (isFinite(data57))){
if(data57 < 0 || isNaN(data57)){
const err108 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryInterval",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data57};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
else {
const err109 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryInterval",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRetryInterval.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data57};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data54.maxRateLimitDuration !== undefined){
let data58 = data54.maxRateLimitDuration;
if((typeof data58 == "number") && (isFinite(data58))){
if(data58 < 0 || isNaN(data58)){
const err110 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRateLimitDuration",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRateLimitDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data58};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
else {
const err111 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRateLimitDuration",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRateLimitDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data58};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
}
else {
const err112 = {instancePath:instancePath+"/httpConfig/rateLimitConfig",schemaPath:"http-config.schema.json/properties/rateLimitConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.rateLimitConfig.type,parentSchema:schema100.properties.rateLimitConfig,data:data54};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data53.backoffConfig !== undefined){
let data59 = data53.backoffConfig;
if(data59 && typeof data59 == "object" && !Array.isArray(data59)){
if(data59.enabled !== undefined){
let data60 = data59.enabled;
if(typeof data60 !== "boolean"){
const err113 = {instancePath:instancePath+"/httpConfig/backoffConfig/enabled",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.backoffConfig.properties.enabled.type,parentSchema:schema100.properties.backoffConfig.properties.enabled,data:data60};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data59.maxRetryCount !== undefined){
let data61 = data59.maxRetryCount;
if(!(((typeof data61 == "number") && (!(data61 % 1) && !isNaN(data61))) && (isFinite(data61)))){
const err114 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.backoffConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data61};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
if((typeof data61 == "number") && (isFinite(data61))){
if(data61 < 0 || isNaN(data61)){
const err115 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data61};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
}
if(data59.baseBackoffInterval !== undefined){
let data62 = data59.baseBackoffInterval;
if((typeof data62 == "number") && (isFinite(data62))){
if(data62 < 0 || isNaN(data62)){
const err116 = {instancePath:instancePath+"/httpConfig/backoffConfig/baseBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/baseBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data62};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
else {
const err117 = {instancePath:instancePath+"/httpConfig/backoffConfig/baseBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/baseBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.baseBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data62};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
if(data59.maxBackoffInterval !== undefined){
let data63 = data59.maxBackoffInterval;
if((typeof data63 == "number") && (isFinite(data63))){
if(data63 < 0 || isNaN(data63)){
const err118 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data63};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
else {
const err119 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data63};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
if(data59.maxTotalBackoffDuration !== undefined){
let data64 = data59.maxTotalBackoffDuration;
if((typeof data64 == "number") && (isFinite(data64))){
if(data64 < 0 || isNaN(data64)){
const err120 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxTotalBackoffDuration",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxTotalBackoffDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data64};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
else {
const err121 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxTotalBackoffDuration",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxTotalBackoffDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration.type,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data64};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
if(data59.jitterPercent !== undefined){
let data65 = data59.jitterPercent;
if((typeof data65 == "number") && (isFinite(data65))){
if(data65 > 100 || isNaN(data65)){
const err122 = {instancePath:instancePath+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100",schema:100,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data65};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
if(data65 < 0 || isNaN(data65)){
const err123 = {instancePath:instancePath+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data65};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
else {
const err124 = {instancePath:instancePath+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.jitterPercent.type,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data65};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
if(data59.default4xxBehavior !== undefined){
let data66 = data59.default4xxBehavior;
if(!((data66 === "drop") || (data66 === "retry"))){
const err125 = {instancePath:instancePath+"/httpConfig/backoffConfig/default4xxBehavior",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/default4xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default4xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default4xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default4xxBehavior,data:data66};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
if(data59.default5xxBehavior !== undefined){
let data67 = data59.default5xxBehavior;
if(!((data67 === "drop") || (data67 === "retry"))){
const err126 = {instancePath:instancePath+"/httpConfig/backoffConfig/default5xxBehavior",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/default5xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default5xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default5xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default5xxBehavior,data:data67};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data59.statusCodeOverrides !== undefined){
let data68 = data59.statusCodeOverrides;
if(data68 && typeof data68 == "object" && !Array.isArray(data68)){
for(const key14 in data68){
const _errs155 = errors;
if(typeof key14 === "string"){
if(!pattern11.test(key14)){
const err127 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[1-5][0-9]{2}$"},message:"must match pattern \""+"^[1-5][0-9]{2}$"+"\"",schema:"^[1-5][0-9]{2}$",parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,data:key14,propertyName:key14};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
var valid35 = _errs155 === errors;
if(!valid35){
const err128 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/propertyNames",keyword:"propertyNames",params:{propertyName: key14},message:"property name must be valid",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data68};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
for(const key15 in data68){
let data69 = data68[key15];
if(!((data69 === "drop") || (data69 === "retry"))){
const err129 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides/" + key15.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/additionalProperties/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties,data:data69};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
}
else {
const err130 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.type,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data68};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
}
else {
const err131 = {instancePath:instancePath+"/httpConfig/backoffConfig",schemaPath:"http-config.schema.json/properties/backoffConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.type,parentSchema:schema100.properties.backoffConfig,data:data59};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
}
else {
const err132 = {instancePath:instancePath+"/httpConfig",schemaPath:"http-config.schema.json/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.type,parentSchema:schema100,data:data53};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
if(data.delivery !== undefined){
let data70 = data.delivery;
if(data70 && typeof data70 == "object" && !Array.isArray(data70)){
for(const key16 in data70){
if(!(func43.call(schema97.properties.delivery.properties, key16))){
const err133 = {instancePath:instancePath+"/delivery",schemaPath:"#/properties/delivery/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key16},message:"must NOT have additional properties",schema:false,parentSchema:schema97.properties.delivery,data:data70};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
if(data70.userAgent !== undefined){
let data71 = data70.userAgent;
if(typeof data71 !== "string"){
const err134 = {instancePath:instancePath+"/delivery/userAgent",schemaPath:"#/properties/delivery/properties/userAgent/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema97.properties.delivery.properties.userAgent.type,parentSchema:schema97.properties.delivery.properties.userAgent,data:data71};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
if(data70.aliasFields !== undefined){
let data72 = data70.aliasFields;
if(!((data72 === "standard") || (data72 === "documented"))){
const err135 = {instancePath:instancePath+"/delivery/aliasFields",schemaPath:"#/properties/delivery/properties/aliasFields/enum",keyword:"enum",params:{allowedValues: schema97.properties.delivery.properties.aliasFields.enum},message:"must be equal to one of the allowed values",schema:schema97.properties.delivery.properties.aliasFields.enum,parentSchema:schema97.properties.delivery.properties.aliasFields,data:data72};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
if(data70.timeoutMs !== undefined){
let data73 = data70.timeoutMs;
if(!(((typeof data73 == "number") && (!(data73 % 1) && !isNaN(data73))) && (isFinite(data73)))){
const err136 = {instancePath:instancePath+"/delivery/timeoutMs",schemaPath:"#/properties/delivery/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.delivery.properties.timeoutMs.type,parentSchema:schema97.properties.delivery.properties.timeoutMs,data:data73};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
if((typeof data73 == "number") && (isFinite(data73))){
if(data73 > 3600000 || isNaN(data73)){
const err137 = {instancePath:instancePath+"/delivery/timeoutMs",schemaPath:"#/properties/delivery/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600000},message:"must be <= 3600000",schema:3600000,parentSchema:schema97.properties.delivery.properties.timeoutMs,data:data73};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
if(data73 < 1 || isNaN(data73)){
const err138 = {instancePath:instancePath+"/delivery/timeoutMs",schemaPath:"#/properties/delivery/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.delivery.properties.timeoutMs,data:data73};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
}
if(data70.retryWindowMs !== undefined){
let data74 = data70.retryWindowMs;
if(!(((typeof data74 == "number") && (!(data74 % 1) && !isNaN(data74))) && (isFinite(data74)))){
const err139 = {instancePath:instancePath+"/delivery/retryWindowMs",schemaPath:"#/properties/delivery/properties/retryWindowMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.delivery.properties.retryWindowMs.type,parentSchema:schema97.properties.delivery.properties.retryWindowMs,data:data74};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
if((typeof data74 == "number") && (isFinite(data74))){
if(data74 > 604800000 || isNaN(data74)){
const err140 = {instancePath:instancePath+"/delivery/retryWindowMs",schemaPath:"#/properties/delivery/properties/retryWindowMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 604800000},message:"must be <= 604800000",schema:604800000,parentSchema:schema97.properties.delivery.properties.retryWindowMs,data:data74};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
if(data74 < 0 || isNaN(data74)){
const err141 = {instancePath:instancePath+"/delivery/retryWindowMs",schemaPath:"#/properties/delivery/properties/retryWindowMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema97.properties.delivery.properties.retryWindowMs,data:data74};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
}
if(data70.concurrency !== undefined){
let data75 = data70.concurrency;
if(!(((typeof data75 == "number") && (!(data75 % 1) && !isNaN(data75))) && (isFinite(data75)))){
const err142 = {instancePath:instancePath+"/delivery/concurrency",schemaPath:"#/properties/delivery/properties/concurrency/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.delivery.properties.concurrency.type,parentSchema:schema97.properties.delivery.properties.concurrency,data:data75};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if((typeof data75 == "number") && (isFinite(data75))){
if(data75 > 1024 || isNaN(data75)){
const err143 = {instancePath:instancePath+"/delivery/concurrency",schemaPath:"#/properties/delivery/properties/concurrency/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1024},message:"must be <= 1024",schema:1024,parentSchema:schema97.properties.delivery.properties.concurrency,data:data75};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
if(data75 < 1 || isNaN(data75)){
const err144 = {instancePath:instancePath+"/delivery/concurrency",schemaPath:"#/properties/delivery/properties/concurrency/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.delivery.properties.concurrency,data:data75};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
}
}
if(data70.capacity !== undefined){
let data76 = data70.capacity;
if(!(((typeof data76 == "number") && (!(data76 % 1) && !isNaN(data76))) && (isFinite(data76)))){
const err145 = {instancePath:instancePath+"/delivery/capacity",schemaPath:"#/properties/delivery/properties/capacity/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.delivery.properties.capacity.type,parentSchema:schema97.properties.delivery.properties.capacity,data:data76};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
if((typeof data76 == "number") && (isFinite(data76))){
if(data76 > 1000000 || isNaN(data76)){
const err146 = {instancePath:instancePath+"/delivery/capacity",schemaPath:"#/properties/delivery/properties/capacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000},message:"must be <= 1000000",schema:1000000,parentSchema:schema97.properties.delivery.properties.capacity,data:data76};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
if(data76 < 1 || isNaN(data76)){
const err147 = {instancePath:instancePath+"/delivery/capacity",schemaPath:"#/properties/delivery/properties/capacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.delivery.properties.capacity,data:data76};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
}
}
if(data70.maxAgeMs !== undefined){
let data77 = data70.maxAgeMs;
if(!(((typeof data77 == "number") && (!(data77 % 1) && !isNaN(data77))) && (isFinite(data77)))){
const err148 = {instancePath:instancePath+"/delivery/maxAgeMs",schemaPath:"#/properties/delivery/properties/maxAgeMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.delivery.properties.maxAgeMs.type,parentSchema:schema97.properties.delivery.properties.maxAgeMs,data:data77};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
if((typeof data77 == "number") && (isFinite(data77))){
if(data77 < 1 || isNaN(data77)){
const err149 = {instancePath:instancePath+"/delivery/maxAgeMs",schemaPath:"#/properties/delivery/properties/maxAgeMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.delivery.properties.maxAgeMs,data:data77};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
}
}
if(data70.blockPrivateTargets !== undefined){
let data78 = data70.blockPrivateTargets;
if(typeof data78 !== "boolean"){
const err150 = {instancePath:instancePath+"/delivery/blockPrivateTargets",schemaPath:"#/properties/delivery/properties/blockPrivateTargets/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema97.properties.delivery.properties.blockPrivateTargets.type,parentSchema:schema97.properties.delivery.properties.blockPrivateTargets,data:data78};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
if(data70.payloadVersion !== undefined){
let data79 = data70.payloadVersion;
if(!((data79 === 1) || (data79 === 2))){
const err151 = {instancePath:instancePath+"/delivery/payloadVersion",schemaPath:"#/properties/delivery/properties/payloadVersion/enum",keyword:"enum",params:{allowedValues: schema97.properties.delivery.properties.payloadVersion.enum},message:"must be equal to one of the allowed values",schema:schema97.properties.delivery.properties.payloadVersion.enum,parentSchema:schema97.properties.delivery.properties.payloadVersion,data:data79};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
}
}
else {
const err152 = {instancePath:instancePath+"/delivery",schemaPath:"#/properties/delivery/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.properties.delivery.type,parentSchema:schema97.properties.delivery,data:data70};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
if(data.journal !== undefined){
let data80 = data.journal;
if(data80 && typeof data80 == "object" && !Array.isArray(data80)){
for(const key17 in data80){
if(!(((key17 === "capacity") || (key17 === "maxBytes")) || (key17 === "maxAgeMs"))){
const err153 = {instancePath:instancePath+"/journal",schemaPath:"#/properties/journal/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties",schema:false,parentSchema:schema97.properties.journal,data:data80};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
if(data80.capacity !== undefined){
let data81 = data80.capacity;
if(!(((typeof data81 == "number") && (!(data81 % 1) && !isNaN(data81))) && (isFinite(data81)))){
const err154 = {instancePath:instancePath+"/journal/capacity",schemaPath:"#/properties/journal/properties/capacity/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.journal.properties.capacity.type,parentSchema:schema97.properties.journal.properties.capacity,data:data81};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
if((typeof data81 == "number") && (isFinite(data81))){
if(data81 > 1000000 || isNaN(data81)){
const err155 = {instancePath:instancePath+"/journal/capacity",schemaPath:"#/properties/journal/properties/capacity/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000000},message:"must be <= 1000000",schema:1000000,parentSchema:schema97.properties.journal.properties.capacity,data:data81};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
if(data81 < 1 || isNaN(data81)){
const err156 = {instancePath:instancePath+"/journal/capacity",schemaPath:"#/properties/journal/properties/capacity/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.journal.properties.capacity,data:data81};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
}
}
if(data80.maxBytes !== undefined){
let data82 = data80.maxBytes;
if(!(((typeof data82 == "number") && (!(data82 % 1) && !isNaN(data82))) && (isFinite(data82)))){
const err157 = {instancePath:instancePath+"/journal/maxBytes",schemaPath:"#/properties/journal/properties/maxBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.journal.properties.maxBytes.type,parentSchema:schema97.properties.journal.properties.maxBytes,data:data82};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
if((typeof data82 == "number") && (isFinite(data82))){
if(data82 > 4294967296 || isNaN(data82)){
const err158 = {instancePath:instancePath+"/journal/maxBytes",schemaPath:"#/properties/journal/properties/maxBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4294967296},message:"must be <= 4294967296",schema:4294967296,parentSchema:schema97.properties.journal.properties.maxBytes,data:data82};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
if(data82 < 1048576 || isNaN(data82)){
const err159 = {instancePath:instancePath+"/journal/maxBytes",schemaPath:"#/properties/journal/properties/maxBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1048576},message:"must be >= 1048576",schema:1048576,parentSchema:schema97.properties.journal.properties.maxBytes,data:data82};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
}
if(data80.maxAgeMs !== undefined){
let data83 = data80.maxAgeMs;
if(!(((typeof data83 == "number") && (!(data83 % 1) && !isNaN(data83))) && (isFinite(data83)))){
const err160 = {instancePath:instancePath+"/journal/maxAgeMs",schemaPath:"#/properties/journal/properties/maxAgeMs/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.journal.properties.maxAgeMs.type,parentSchema:schema97.properties.journal.properties.maxAgeMs,data:data83};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
if((typeof data83 == "number") && (isFinite(data83))){
if(data83 < 1 || isNaN(data83)){
const err161 = {instancePath:instancePath+"/journal/maxAgeMs",schemaPath:"#/properties/journal/properties/maxAgeMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.journal.properties.maxAgeMs,data:data83};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
}
}
}
else {
const err162 = {instancePath:instancePath+"/journal",schemaPath:"#/properties/journal/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.properties.journal.type,parentSchema:schema97.properties.journal,data:data80};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
}
if(data.rateLimit !== undefined){
let data84 = data.rateLimit;
if(data84 && typeof data84 == "object" && !Array.isArray(data84)){
if(data84.requestsPerSecond === undefined){
const err163 = {instancePath:instancePath+"/rateLimit",schemaPath:"#/properties/rateLimit/required",keyword:"required",params:{missingProperty: "requestsPerSecond"},message:"must have required property '"+"requestsPerSecond"+"'",schema:schema97.properties.rateLimit.required,parentSchema:schema97.properties.rateLimit,data:data84};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
for(const key18 in data84){
if(!(key18 === "requestsPerSecond")){
const err164 = {instancePath:instancePath+"/rateLimit",schemaPath:"#/properties/rateLimit/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18},message:"must NOT have additional properties",schema:false,parentSchema:schema97.properties.rateLimit,data:data84};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
}
if(data84.requestsPerSecond !== undefined){
let data85 = data84.requestsPerSecond;
if(!(((typeof data85 == "number") && (!(data85 % 1) && !isNaN(data85))) && (isFinite(data85)))){
const err165 = {instancePath:instancePath+"/rateLimit/requestsPerSecond",schemaPath:"#/properties/rateLimit/properties/requestsPerSecond/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema97.properties.rateLimit.properties.requestsPerSecond.type,parentSchema:schema97.properties.rateLimit.properties.requestsPerSecond,data:data85};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
if((typeof data85 == "number") && (isFinite(data85))){
if(data85 < 1 || isNaN(data85)){
const err166 = {instancePath:instancePath+"/rateLimit/requestsPerSecond",schemaPath:"#/properties/rateLimit/properties/requestsPerSecond/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema97.properties.rateLimit.properties.requestsPerSecond,data:data85};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
}
}
}
else {
const err167 = {instancePath:instancePath+"/rateLimit",schemaPath:"#/properties/rateLimit/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.properties.rateLimit.type,parentSchema:schema97.properties.rateLimit,data:data84};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
}
}
else {
const err168 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema97.type,parentSchema:schema97,data};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}

export const validate_http_config = validate35;

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/http-config.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.rateLimitConfig !== undefined){
let data0 = data.rateLimitConfig;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.enabled !== undefined){
let data1 = data0.enabled;
if(typeof data1 !== "boolean"){
const err0 = {instancePath:instancePath+"/rateLimitConfig/enabled",schemaPath:"#/properties/rateLimitConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.rateLimitConfig.properties.enabled.type,parentSchema:schema100.properties.rateLimitConfig.properties.enabled,data:data1};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data0.maxRetryCount !== undefined){
let data2 = data0.maxRetryCount;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err1 = {instancePath:instancePath+"/rateLimitConfig/maxRetryCount",schemaPath:"#/properties/rateLimitConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.rateLimitConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data2};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err2 = {instancePath:instancePath+"/rateLimitConfig/maxRetryCount",schemaPath:"#/properties/rateLimitConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data2};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
if(data0.maxRetryInterval !== undefined){
let data3 = data0.maxRetryInterval;
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err3 = {instancePath:instancePath+"/rateLimitConfig/maxRetryInterval",schemaPath:"#/properties/rateLimitConfig/properties/maxRetryInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data3};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/rateLimitConfig/maxRetryInterval",schemaPath:"#/properties/rateLimitConfig/properties/maxRetryInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRetryInterval.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data3};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data0.maxRateLimitDuration !== undefined){
let data4 = data0.maxRateLimitDuration;
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err5 = {instancePath:instancePath+"/rateLimitConfig/maxRateLimitDuration",schemaPath:"#/properties/rateLimitConfig/properties/maxRateLimitDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data4};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/rateLimitConfig/maxRateLimitDuration",schemaPath:"#/properties/rateLimitConfig/properties/maxRateLimitDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data4};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/rateLimitConfig",schemaPath:"#/properties/rateLimitConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.rateLimitConfig.type,parentSchema:schema100.properties.rateLimitConfig,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.backoffConfig !== undefined){
let data5 = data.backoffConfig;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.enabled !== undefined){
let data6 = data5.enabled;
if(typeof data6 !== "boolean"){
const err8 = {instancePath:instancePath+"/backoffConfig/enabled",schemaPath:"#/properties/backoffConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.backoffConfig.properties.enabled.type,parentSchema:schema100.properties.backoffConfig.properties.enabled,data:data6};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data5.maxRetryCount !== undefined){
let data7 = data5.maxRetryCount;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err9 = {instancePath:instancePath+"/backoffConfig/maxRetryCount",schemaPath:"#/properties/backoffConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.backoffConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data7};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err10 = {instancePath:instancePath+"/backoffConfig/maxRetryCount",schemaPath:"#/properties/backoffConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data7};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data5.baseBackoffInterval !== undefined){
let data8 = data5.baseBackoffInterval;
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
const err11 = {instancePath:instancePath+"/backoffConfig/baseBackoffInterval",schemaPath:"#/properties/backoffConfig/properties/baseBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data8};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/backoffConfig/baseBackoffInterval",schemaPath:"#/properties/backoffConfig/properties/baseBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.baseBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data8};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data5.maxBackoffInterval !== undefined){
let data9 = data5.maxBackoffInterval;
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err13 = {instancePath:instancePath+"/backoffConfig/maxBackoffInterval",schemaPath:"#/properties/backoffConfig/properties/maxBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data9};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/backoffConfig/maxBackoffInterval",schemaPath:"#/properties/backoffConfig/properties/maxBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data9};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data5.maxTotalBackoffDuration !== undefined){
let data10 = data5.maxTotalBackoffDuration;
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err15 = {instancePath:instancePath+"/backoffConfig/maxTotalBackoffDuration",schemaPath:"#/properties/backoffConfig/properties/maxTotalBackoffDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data10};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/backoffConfig/maxTotalBackoffDuration",schemaPath:"#/properties/backoffConfig/properties/maxTotalBackoffDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration.type,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data10};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data5.jitterPercent !== undefined){
let data11 = data5.jitterPercent;
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 100 || isNaN(data11)){
const err17 = {instancePath:instancePath+"/backoffConfig/jitterPercent",schemaPath:"#/properties/backoffConfig/properties/jitterPercent/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100",schema:100,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data11};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data11 < 0 || isNaN(data11)){
const err18 = {instancePath:instancePath+"/backoffConfig/jitterPercent",schemaPath:"#/properties/backoffConfig/properties/jitterPercent/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data11};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/backoffConfig/jitterPercent",schemaPath:"#/properties/backoffConfig/properties/jitterPercent/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.jitterPercent.type,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data11};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data5.default4xxBehavior !== undefined){
let data12 = data5.default4xxBehavior;
if(!((data12 === "drop") || (data12 === "retry"))){
const err20 = {instancePath:instancePath+"/backoffConfig/default4xxBehavior",schemaPath:"#/properties/backoffConfig/properties/default4xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default4xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default4xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default4xxBehavior,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data5.default5xxBehavior !== undefined){
let data13 = data5.default5xxBehavior;
if(!((data13 === "drop") || (data13 === "retry"))){
const err21 = {instancePath:instancePath+"/backoffConfig/default5xxBehavior",schemaPath:"#/properties/backoffConfig/properties/default5xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default5xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default5xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default5xxBehavior,data:data13};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data5.statusCodeOverrides !== undefined){
let data14 = data5.statusCodeOverrides;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
for(const key0 in data14){
const _errs32 = errors;
if(typeof key0 === "string"){
if(!pattern11.test(key0)){
const err22 = {instancePath:instancePath+"/backoffConfig/statusCodeOverrides",schemaPath:"#/properties/backoffConfig/properties/statusCodeOverrides/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[1-5][0-9]{2}$"},message:"must match pattern \""+"^[1-5][0-9]{2}$"+"\"",schema:"^[1-5][0-9]{2}$",parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,data:key0,propertyName:key0};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
var valid3 = _errs32 === errors;
if(!valid3){
const err23 = {instancePath:instancePath+"/backoffConfig/statusCodeOverrides",schemaPath:"#/properties/backoffConfig/properties/statusCodeOverrides/propertyNames",keyword:"propertyNames",params:{propertyName: key0},message:"property name must be valid",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data14};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
for(const key1 in data14){
let data15 = data14[key1];
if(!((data15 === "drop") || (data15 === "retry"))){
const err24 = {instancePath:instancePath+"/backoffConfig/statusCodeOverrides/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/backoffConfig/properties/statusCodeOverrides/additionalProperties/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/backoffConfig/statusCodeOverrides",schemaPath:"#/properties/backoffConfig/properties/statusCodeOverrides/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.type,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data14};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/backoffConfig",schemaPath:"#/properties/backoffConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.type,parentSchema:schema100.properties.backoffConfig,data:data5};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.type,parentSchema:schema100,data};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}

export const validate_identify = validate17;

export const validate_journal_entry = validate36;
const schema103 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/journal-entry.schema.json","title":"JournalEntry","description":"One event as the admin API shows it: GET /__harness/events.","type":"object","required":["status","writeKey","event"],"additionalProperties":false,"properties":{"seq":{"type":"integer","minimum":1,"description":"Arrival order, from 1."},"status":{"enum":["accepted","rejected","duplicate","filtered"]},"reason":{"type":"string"},"writeKey":{"type":"string"},"event":{"type":"object","additionalProperties":true}},"examples":[{"status":"rejected","reason":"track needs an event name (/event is missing)","writeKey":"wk_live_example","event":{"type":"track","userId":"u-1","messageId":"m-1"}}]};

function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/journal-entry.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'",schema:schema103.required,parentSchema:schema103,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.writeKey === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "writeKey"},message:"must have required property '"+"writeKey"+"'",schema:schema103.required,parentSchema:schema103,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.event === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "event"},message:"must have required property '"+"event"+"'",schema:schema103.required,parentSchema:schema103,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "seq") || (key0 === "status")) || (key0 === "reason")) || (key0 === "writeKey")) || (key0 === "event"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema103,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.seq !== undefined){
let data0 = data.seq;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema103.properties.seq.type,parentSchema:schema103.properties.seq,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema103.properties.seq,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.status !== undefined){
let data1 = data.status;
if(!((((data1 === "accepted") || (data1 === "rejected")) || (data1 === "duplicate")) || (data1 === "filtered"))){
const err6 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema103.properties.status.enum},message:"must be equal to one of the allowed values",schema:schema103.properties.status.enum,parentSchema:schema103.properties.status,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.reason !== undefined){
let data2 = data.reason;
if(typeof data2 !== "string"){
const err7 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema103.properties.reason.type,parentSchema:schema103.properties.reason,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data3 = data.writeKey;
if(typeof data3 !== "string"){
const err8 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema103.properties.writeKey.type,parentSchema:schema103.properties.writeKey,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.event !== undefined){
let data4 = data.event;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
}
else {
const err9 = {instancePath:instancePath+"/event",schemaPath:"#/properties/event/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema103.properties.event.type,parentSchema:schema103.properties.event,data:data4};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema103.type,parentSchema:schema103,data};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}

export const validate_page = validate19;

export const validate_run_settings = validate37;
const schema104 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/run-settings.schema.json","title":"RunSettingsUpdate","description":"The body of PUT /__harness/settings (and /__harness/runs/{id}/settings): the run's payload version and browser httpConfig, or with writeKey those of one source. A field left out stays as it is; null goes back to the default (the run's for a source, 1 and none for the run).","type":"object","additionalProperties":false,"properties":{"writeKey":{"type":"string","minLength":1,"description":"The source to change; without it, the run."},"payloadVersion":{"anyOf":[{"enum":[1,2]},{"type":"null"}],"description":"The version field of webhook payloads: 1 (documented) or 2 (observed deliveries)."},"httpConfig":{"anyOf":[{"$ref":"http-config.schema.json"},{"type":"null"}],"description":"integrations[\"Segment.io\"].httpConfig of the browser settings."}},"examples":[{"httpConfig":{"backoffConfig":{"statusCodeOverrides":{"503":"drop"}}}},{"writeKey":"wk_live_example","payloadVersion":2}]};

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/run-settings.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((key0 === "writeKey") || (key0 === "payloadVersion")) || (key0 === "httpConfig"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema104,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data0 = data.writeKey;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err1 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema104.properties.writeKey,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema104.properties.writeKey.type,parentSchema:schema104.properties.writeKey,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.payloadVersion !== undefined){
let data1 = data.payloadVersion;
const _errs5 = errors;
let valid1 = false;
const _errs6 = errors;
if(!((data1 === 1) || (data1 === 2))){
const err3 = {instancePath:instancePath+"/payloadVersion",schemaPath:"#/properties/payloadVersion/anyOf/0/enum",keyword:"enum",params:{allowedValues: schema104.properties.payloadVersion.anyOf[0].enum},message:"must be equal to one of the allowed values",schema:schema104.properties.payloadVersion.anyOf[0].enum,parentSchema:schema104.properties.payloadVersion.anyOf[0],data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid0 = _errs6 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs7 = errors;
if(data1 !== null){
const err4 = {instancePath:instancePath+"/payloadVersion",schemaPath:"#/properties/payloadVersion/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema104.properties.payloadVersion.anyOf[1].type,parentSchema:schema104.properties.payloadVersion.anyOf[1],data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid0 = _errs7 === errors;
valid1 = valid1 || _valid0;
}
if(!valid1){
const err5 = {instancePath:instancePath+"/payloadVersion",schemaPath:"#/properties/payloadVersion/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema104.properties.payloadVersion.anyOf,parentSchema:schema104.properties.payloadVersion,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs5;
if(vErrors !== null){
if(_errs5){
vErrors.length = _errs5;
}
else {
vErrors = null;
}
}
}
}
if(data.httpConfig !== undefined){
let data2 = data.httpConfig;
const _errs10 = errors;
let valid2 = false;
const _errs11 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.rateLimitConfig !== undefined){
let data3 = data2.rateLimitConfig;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.enabled !== undefined){
let data4 = data3.enabled;
if(typeof data4 !== "boolean"){
const err6 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/enabled",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.rateLimitConfig.properties.enabled.type,parentSchema:schema100.properties.rateLimitConfig.properties.enabled,data:data4};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data3.maxRetryCount !== undefined){
let data5 = data3.maxRetryCount;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err7 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.rateLimitConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data5};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err8 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryCount,data:data5};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data3.maxRetryInterval !== undefined){
let data6 = data3.maxRetryInterval;
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err9 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryInterval",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data6};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRetryInterval",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRetryInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRetryInterval.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRetryInterval,data:data6};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data3.maxRateLimitDuration !== undefined){
let data7 = data3.maxRateLimitDuration;
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err11 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRateLimitDuration",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRateLimitDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data7};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/httpConfig/rateLimitConfig/maxRateLimitDuration",schemaPath:"http-config.schema.json/properties/rateLimitConfig/properties/maxRateLimitDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration.type,parentSchema:schema100.properties.rateLimitConfig.properties.maxRateLimitDuration,data:data7};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/httpConfig/rateLimitConfig",schemaPath:"http-config.schema.json/properties/rateLimitConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.rateLimitConfig.type,parentSchema:schema100.properties.rateLimitConfig,data:data3};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data2.backoffConfig !== undefined){
let data8 = data2.backoffConfig;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.enabled !== undefined){
let data9 = data8.enabled;
if(typeof data9 !== "boolean"){
const err14 = {instancePath:instancePath+"/httpConfig/backoffConfig/enabled",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema100.properties.backoffConfig.properties.enabled.type,parentSchema:schema100.properties.backoffConfig.properties.enabled,data:data9};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data8.maxRetryCount !== undefined){
let data10 = data8.maxRetryCount;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err15 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxRetryCount/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema100.properties.backoffConfig.properties.maxRetryCount.type,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data10};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err16 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxRetryCount",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxRetryCount/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxRetryCount,data:data10};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data8.baseBackoffInterval !== undefined){
let data11 = data8.baseBackoffInterval;
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err17 = {instancePath:instancePath+"/httpConfig/backoffConfig/baseBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/baseBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data11};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/httpConfig/backoffConfig/baseBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/baseBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.baseBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.baseBackoffInterval,data:data11};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.maxBackoffInterval !== undefined){
let data12 = data8.maxBackoffInterval;
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err19 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxBackoffInterval/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data12};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxBackoffInterval",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxBackoffInterval/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxBackoffInterval.type,parentSchema:schema100.properties.backoffConfig.properties.maxBackoffInterval,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data8.maxTotalBackoffDuration !== undefined){
let data13 = data8.maxTotalBackoffDuration;
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err21 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxTotalBackoffDuration",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxTotalBackoffDuration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data13};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/httpConfig/backoffConfig/maxTotalBackoffDuration",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/maxTotalBackoffDuration/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration.type,parentSchema:schema100.properties.backoffConfig.properties.maxTotalBackoffDuration,data:data13};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.jitterPercent !== undefined){
let data14 = data8.jitterPercent;
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 100 || isNaN(data14)){
const err23 = {instancePath:instancePath+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100",schema:100,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data14};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data14 < 0 || isNaN(data14)){
const err24 = {instancePath:instancePath+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data14};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/httpConfig/backoffConfig/jitterPercent",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/jitterPercent/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema100.properties.backoffConfig.properties.jitterPercent.type,parentSchema:schema100.properties.backoffConfig.properties.jitterPercent,data:data14};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data8.default4xxBehavior !== undefined){
let data15 = data8.default4xxBehavior;
if(!((data15 === "drop") || (data15 === "retry"))){
const err26 = {instancePath:instancePath+"/httpConfig/backoffConfig/default4xxBehavior",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/default4xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default4xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default4xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default4xxBehavior,data:data15};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.default5xxBehavior !== undefined){
let data16 = data8.default5xxBehavior;
if(!((data16 === "drop") || (data16 === "retry"))){
const err27 = {instancePath:instancePath+"/httpConfig/backoffConfig/default5xxBehavior",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/default5xxBehavior/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.default5xxBehavior.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.default5xxBehavior.enum,parentSchema:schema100.properties.backoffConfig.properties.default5xxBehavior,data:data16};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data8.statusCodeOverrides !== undefined){
let data17 = data8.statusCodeOverrides;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
for(const key1 in data17){
const _errs45 = errors;
if(typeof key1 === "string"){
if(!pattern11.test(key1)){
const err28 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[1-5][0-9]{2}$"},message:"must match pattern \""+"^[1-5][0-9]{2}$"+"\"",schema:"^[1-5][0-9]{2}$",parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,data:key1,propertyName:key1};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
var valid7 = _errs45 === errors;
if(!valid7){
const err29 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.propertyNames,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data17};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
for(const key2 in data17){
let data18 = data17[key2];
if(!((data18 === "drop") || (data18 === "retry"))){
const err30 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/additionalProperties/enum",keyword:"enum",params:{allowedValues: schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum},message:"must be equal to one of the allowed values",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties.enum,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides.additionalProperties,data:data18};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/httpConfig/backoffConfig/statusCodeOverrides",schemaPath:"http-config.schema.json/properties/backoffConfig/properties/statusCodeOverrides/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.properties.statusCodeOverrides.type,parentSchema:schema100.properties.backoffConfig.properties.statusCodeOverrides,data:data17};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/httpConfig/backoffConfig",schemaPath:"http-config.schema.json/properties/backoffConfig/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.properties.backoffConfig.type,parentSchema:schema100.properties.backoffConfig,data:data8};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/httpConfig",schemaPath:"http-config.schema.json/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema100.type,parentSchema:schema100,data:data2};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid1 = _errs11 === errors;
valid2 = valid2 || _valid1;
if(!valid2){
const _errs48 = errors;
if(data2 !== null){
const err34 = {instancePath:instancePath+"/httpConfig",schemaPath:"#/properties/httpConfig/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema104.properties.httpConfig.anyOf[1].type,parentSchema:schema104.properties.httpConfig.anyOf[1],data:data2};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid1 = _errs48 === errors;
valid2 = valid2 || _valid1;
}
if(!valid2){
const err35 = {instancePath:instancePath+"/httpConfig",schemaPath:"#/properties/httpConfig/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema104.properties.httpConfig.anyOf,parentSchema:schema104.properties.httpConfig,data:data2};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err36 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema104.type,parentSchema:schema104,data};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}

export const validate_screen = validate20;

export const validate_track = validate18;

export const validate_webhook_alias = validate38;
const schema106 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-alias.schema.json","title":"WebhookAliasPayload","description":"The alias delivery (rule 2.2 in docs/rules.md). By default previousId and userId; the documented sample's \"Previous ID\" / \"User ID\" is an opt-in setting.","type":"object","properties":{"version":{"enum":[1,2],"description":"Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."},"type":{"const":"alias"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"previousId":{"$ref":"common.schema.json#/definitions/Id"},"Previous ID":{"$ref":"common.schema.json#/definitions/Id"},"User ID":{"$ref":"common.schema.json#/definitions/Id"},"projectId":{"type":"string","minLength":1,"description":"The id of the source the event came from (stable per source; the projectId setting)."},"writeKey":{"type":"string","minLength":1,"description":"The source's write key."}},"required":["version","type","timestamp"],"anyOf":[{"required":["previousId","userId"]},{"required":["Previous ID","User ID"]}],"additionalProperties":true,"examples":[{"version":1,"type":"alias","previousId":"anon-39f2a1","userId":"019mr8mf4r","timestamp":"2012-12-02T00:30:08.276Z"},{"version":1,"type":"alias","Previous ID":"anon-39f2a1","User ID":"019mr8mf4r","timestamp":"2012-12-02T00:30:08.276Z"}]};
const schema110 = {"title":"UtcMillisTimestamp","description":"An ISO 8601 timestamp in UTC with millisecond precision, as webhook payloads carry (rule 2.2 in docs/rules.md).","type":"string","pattern":"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"};
const pattern15 = new RegExp("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$", "u");

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-alias.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.previousId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "previousId"},message:"must have required property '"+"previousId"+"'",schema:schema106.anyOf[0].required,parentSchema:schema106.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.userId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema106.anyOf[0].required,parentSchema:schema106.anyOf[0],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data["Previous ID"] === undefined){
const err2 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "Previous ID"},message:"must have required property '"+"Previous ID"+"'",schema:schema106.anyOf[1].required,parentSchema:schema106.anyOf[1],data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data["User ID"] === undefined){
const err3 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "User ID"},message:"must have required property '"+"User ID"+"'",schema:schema106.anyOf[1].required,parentSchema:schema106.anyOf[1],data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err4 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema106.anyOf,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema106.required,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.type === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema106.required,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.timestamp === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema106.required,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!((data0 === 1) || (data0 === 2))){
const err8 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema106.properties.version.enum},message:"must be equal to one of the allowed values",schema:schema106.properties.version.enum,parentSchema:schema106.properties.version,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
if("alias" !== data1){
const err9 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "alias"},message:"must be equal to constant",schema:"alias",parentSchema:schema106.properties.type,data:data1};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.userId !== undefined){
let data2 = data.userId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err10 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data3 = data.anonymousId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err12 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.messageId !== undefined){
let data4 = data.messageId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err14 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data5 = data.timestamp;
if(typeof data5 === "string"){
if(!pattern15.test(data5)){
const err16 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.ip !== undefined){
let data7 = data6.ip;
if(typeof data7 !== "string"){
const err18 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data7};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data6.device !== undefined){
let data8 = data6.device;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.model !== undefined){
let data9 = data8.model;
if(typeof data9 !== "string"){
const err19 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data9};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data8.type !== undefined){
let data10 = data8.type;
if(typeof data10 !== "string"){
const err20 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data10};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data8};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.os !== undefined){
let data11 = data6.os;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name !== undefined){
let data12 = data11.name;
if(typeof data12 !== "string"){
const err22 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data12};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if(typeof data13 !== "string"){
const err23 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data13};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data11};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data6.app !== undefined){
let data14 = data6.app;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.build !== undefined){
let data15 = data14.build;
if(typeof data15 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data15};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data14.name !== undefined){
let data16 = data14.name;
if(typeof data16 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data16};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data14.version !== undefined){
let data17 = data14.version;
if(typeof data17 !== "string"){
const err27 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data17};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data14};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data6.library !== undefined){
let data18 = data6.library;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.name !== undefined){
let data19 = data18.name;
if(typeof data19 !== "string"){
const err29 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data19};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data18.version !== undefined){
let data20 = data18.version;
if(typeof data20 !== "string"){
const err30 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data20};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data18};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data6.personas !== undefined){
let data21 = data6.personas;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.computation_class !== undefined){
let data22 = data21.computation_class;
if(typeof data22 !== "string"){
const err32 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data22};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data21.computation_key !== undefined){
let data23 = data21.computation_key;
if(typeof data23 !== "string"){
const err33 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data23};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data21};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data6};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.integrations !== undefined){
let data24 = data.integrations;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key0 in data24){
let data25 = data24[key0];
if((typeof data25 !== "boolean") && (!(data25 && typeof data25 == "object" && !Array.isArray(data25)))){
const err36 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data25};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data24};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.previousId !== undefined){
let data26 = data.previousId;
if(typeof data26 === "string"){
if(func2(data26) < 1){
const err38 = {instancePath:instancePath+"/previousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data26};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/previousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data26};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data["Previous ID"] !== undefined){
let data27 = data["Previous ID"];
if(typeof data27 === "string"){
if(func2(data27) < 1){
const err40 = {instancePath:instancePath+"/Previous ID",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data27};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/Previous ID",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data27};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data["User ID"] !== undefined){
let data28 = data["User ID"];
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err42 = {instancePath:instancePath+"/User ID",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data28};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/User ID",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data28};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.projectId !== undefined){
let data29 = data.projectId;
if(typeof data29 === "string"){
if(func2(data29) < 1){
const err44 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.projectId,data:data29};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.projectId.type,parentSchema:schema106.properties.projectId,data:data29};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data30 = data.writeKey;
if(typeof data30 === "string"){
if(func2(data30) < 1){
const err46 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema106.properties.writeKey,data:data30};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema106.properties.writeKey.type,parentSchema:schema106.properties.writeKey,data:data30};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema106.type,parentSchema:schema106,data};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}

export const validate_webhook_delete = validate39;
const schema116 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-delete.schema.json","title":"WebhookDeletePayload","description":"The delete notification (rules 2.2, 6.1 in docs/rules.md): only type, userId and timestamp; no version.","type":"object","properties":{"type":{"const":"delete"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"}},"required":["type","userId","timestamp"],"additionalProperties":false,"examples":[{"type":"delete","userId":"019mr8mf4r","timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-delete.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema116.required,parentSchema:schema116,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.userId === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema116.required,parentSchema:schema116,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.timestamp === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema116.required,parentSchema:schema116,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "type") || (key0 === "userId")) || (key0 === "timestamp"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema116,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
let data0 = data.type;
if("delete" !== data0){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "delete"},message:"must be equal to constant",schema:"delete",parentSchema:schema116.properties.type,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.userId !== undefined){
let data1 = data.userId;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err5 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data2 = data.timestamp;
if(typeof data2 === "string"){
if(!pattern15.test(data2)){
const err7 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema116.type,parentSchema:schema116,data};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}

export const validate_webhook_group = validate40;
const schema119 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-group.schema.json","title":"WebhookGroupPayload","description":"The group delivery (rule 2.2 in docs/rules.md); group traits are free-form and keys may contain spaces.","type":"object","properties":{"version":{"enum":[1,2],"description":"Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."},"type":{"const":"group"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"groupId":{"$ref":"common.schema.json#/definitions/Id"},"traits":{"$ref":"common.schema.json#/definitions/FreeForm"},"projectId":{"type":"string","minLength":1,"description":"The id of the source the event came from (stable per source; the projectId setting)."},"writeKey":{"type":"string","minLength":1,"description":"The source's write key."}},"required":["version","type","timestamp","groupId"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"version":1,"type":"group","userId":"019mr8mf4r","groupId":"8e9df332-4d31-4e3e-b1b0-9ea8e1e8f07e","traits":{"name":"Initech","industry":"Technology","employees":329,"plan":"enterprise","total billed":830},"timestamp":"2012-12-02T00:30:08.276Z"}]};
const schema127 = {"title":"FreeForm","description":"Free-form key/value pairs; keys may contain spaces.","type":"object","additionalProperties":true};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-group.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema119.anyOf[0].required,parentSchema:schema119.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema119.anyOf[1].required,parentSchema:schema119.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema119.anyOf,parentSchema:schema119,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema119.required,parentSchema:schema119,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema119.required,parentSchema:schema119,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.timestamp === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema119.required,parentSchema:schema119,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.groupId === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "groupId"},message:"must have required property '"+"groupId"+"'",schema:schema119.required,parentSchema:schema119,data};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!((data0 === 1) || (data0 === 2))){
const err7 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema119.properties.version.enum},message:"must be equal to one of the allowed values",schema:schema119.properties.version.enum,parentSchema:schema119.properties.version,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
if("group" !== data1){
const err8 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "group"},message:"must be equal to constant",schema:"group",parentSchema:schema119.properties.type,data:data1};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.userId !== undefined){
let data2 = data.userId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err9 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data3 = data.anonymousId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err11 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.messageId !== undefined){
let data4 = data.messageId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err13 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data5 = data.timestamp;
if(typeof data5 === "string"){
if(!pattern15.test(data5)){
const err15 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.ip !== undefined){
let data7 = data6.ip;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data6.device !== undefined){
let data8 = data6.device;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.model !== undefined){
let data9 = data8.model;
if(typeof data9 !== "string"){
const err18 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data9};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.type !== undefined){
let data10 = data8.type;
if(typeof data10 !== "string"){
const err19 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data10};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data8};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.os !== undefined){
let data11 = data6.os;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name !== undefined){
let data12 = data11.name;
if(typeof data12 !== "string"){
const err21 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data12};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if(typeof data13 !== "string"){
const err22 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data13};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data11};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.app !== undefined){
let data14 = data6.app;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.build !== undefined){
let data15 = data14.build;
if(typeof data15 !== "string"){
const err24 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data14.name !== undefined){
let data16 = data14.name;
if(typeof data16 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data16};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data14.version !== undefined){
let data17 = data14.version;
if(typeof data17 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data17};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data14};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data6.library !== undefined){
let data18 = data6.library;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.name !== undefined){
let data19 = data18.name;
if(typeof data19 !== "string"){
const err28 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data19};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data18.version !== undefined){
let data20 = data18.version;
if(typeof data20 !== "string"){
const err29 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data20};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data18};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data6.personas !== undefined){
let data21 = data6.personas;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.computation_class !== undefined){
let data22 = data21.computation_class;
if(typeof data22 !== "string"){
const err31 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data21.computation_key !== undefined){
let data23 = data21.computation_key;
if(typeof data23 !== "string"){
const err32 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data23};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data21};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data6};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.integrations !== undefined){
let data24 = data.integrations;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key0 in data24){
let data25 = data24[key0];
if((typeof data25 !== "boolean") && (!(data25 && typeof data25 == "object" && !Array.isArray(data25)))){
const err35 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data25};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data24};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.groupId !== undefined){
let data26 = data.groupId;
if(typeof data26 === "string"){
if(func2(data26) < 1){
const err37 = {instancePath:instancePath+"/groupId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data26};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/groupId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data26};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.traits !== undefined){
let data27 = data.traits;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
}
else {
const err39 = {instancePath:instancePath+"/traits",schemaPath:"common.schema.json#/definitions/FreeForm/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema127.type,parentSchema:schema127,data:data27};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.projectId !== undefined){
let data28 = data.projectId;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err40 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema119.properties.projectId,data:data28};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema119.properties.projectId.type,parentSchema:schema119.properties.projectId,data:data28};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data29 = data.writeKey;
if(typeof data29 === "string"){
if(func2(data29) < 1){
const err42 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema119.properties.writeKey,data:data29};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema119.properties.writeKey.type,parentSchema:schema119.properties.writeKey,data:data29};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema119.type,parentSchema:schema119,data};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}

export const validate_webhook_identify = validate41;
const schema128 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-identify.schema.json","title":"WebhookIdentifyPayload","description":"The identify delivery (rule 2.2 in docs/rules.md), also used for audience membership (rule 6.2 in docs/rules.md).","type":"object","properties":{"version":{"enum":[1,2],"description":"Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."},"type":{"const":"identify"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"traits":{"$ref":"common.schema.json#/definitions/FreeForm"},"projectId":{"type":"string","minLength":1,"description":"The id of the source the event came from (stable per source; the projectId setting)."},"writeKey":{"type":"string","minLength":1,"description":"The source's write key."}},"required":["version","type","timestamp"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"version":1,"type":"identify","userId":"019mr8mf4r","traits":{"email":"jake@example.com","name":"Jake Peterson","age":26},"timestamp":"2012-12-02T00:30:08.276Z"},{"version":1,"type":"identify","userId":"019mr8mf4r","traits":{"high_value_users":true},"context":{"personas":{"computation_class":"audience","computation_key":"high_value_users"}},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-identify.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema128.anyOf[0].required,parentSchema:schema128.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema128.anyOf[1].required,parentSchema:schema128.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema128.anyOf,parentSchema:schema128,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema128.required,parentSchema:schema128,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema128.required,parentSchema:schema128,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.timestamp === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema128.required,parentSchema:schema128,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!((data0 === 1) || (data0 === 2))){
const err6 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema128.properties.version.enum},message:"must be equal to one of the allowed values",schema:schema128.properties.version.enum,parentSchema:schema128.properties.version,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
if("identify" !== data1){
const err7 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "identify"},message:"must be equal to constant",schema:"identify",parentSchema:schema128.properties.type,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.userId !== undefined){
let data2 = data.userId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err8 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data3 = data.anonymousId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.messageId !== undefined){
let data4 = data.messageId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err12 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data5 = data.timestamp;
if(typeof data5 === "string"){
if(!pattern15.test(data5)){
const err14 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.ip !== undefined){
let data7 = data6.ip;
if(typeof data7 !== "string"){
const err16 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data6.device !== undefined){
let data8 = data6.device;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.model !== undefined){
let data9 = data8.model;
if(typeof data9 !== "string"){
const err17 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data9};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.type !== undefined){
let data10 = data8.type;
if(typeof data10 !== "string"){
const err18 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data10};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data8};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.os !== undefined){
let data11 = data6.os;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name !== undefined){
let data12 = data11.name;
if(typeof data12 !== "string"){
const err20 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if(typeof data13 !== "string"){
const err21 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data13};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data11};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.app !== undefined){
let data14 = data6.app;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.build !== undefined){
let data15 = data14.build;
if(typeof data15 !== "string"){
const err23 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data15};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data14.name !== undefined){
let data16 = data14.name;
if(typeof data16 !== "string"){
const err24 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data16};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data14.version !== undefined){
let data17 = data14.version;
if(typeof data17 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data17};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data14};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data6.library !== undefined){
let data18 = data6.library;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.name !== undefined){
let data19 = data18.name;
if(typeof data19 !== "string"){
const err27 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data19};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data18.version !== undefined){
let data20 = data18.version;
if(typeof data20 !== "string"){
const err28 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data20};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data18};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data6.personas !== undefined){
let data21 = data6.personas;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.computation_class !== undefined){
let data22 = data21.computation_class;
if(typeof data22 !== "string"){
const err30 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data22};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data21.computation_key !== undefined){
let data23 = data21.computation_key;
if(typeof data23 !== "string"){
const err31 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data23};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data21};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data6};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.integrations !== undefined){
let data24 = data.integrations;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key0 in data24){
let data25 = data24[key0];
if((typeof data25 !== "boolean") && (!(data25 && typeof data25 == "object" && !Array.isArray(data25)))){
const err34 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data24};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.traits !== undefined){
let data26 = data.traits;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
}
else {
const err36 = {instancePath:instancePath+"/traits",schemaPath:"common.schema.json#/definitions/FreeForm/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema127.type,parentSchema:schema127,data:data26};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.projectId !== undefined){
let data27 = data.projectId;
if(typeof data27 === "string"){
if(func2(data27) < 1){
const err37 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema128.properties.projectId,data:data27};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema128.properties.projectId.type,parentSchema:schema128.properties.projectId,data:data27};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data28 = data.writeKey;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err39 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema128.properties.writeKey,data:data28};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema128.properties.writeKey.type,parentSchema:schema128.properties.writeKey,data:data28};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema128.type,parentSchema:schema128,data};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
validate41.errors = vErrors;
return errors === 0;
}

export const validate_webhook_page = validate42;
const schema136 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-page.schema.json","title":"WebhookPagePayload","description":"The page delivery (rule 2.2 in docs/rules.md).","type":"object","properties":{"version":{"enum":[1,2],"description":"Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."},"type":{"const":"page"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"name":{"type":["string","null"]},"category":{"type":["string","null"]},"properties":{"type":"object","additionalProperties":true,"properties":{"path":{"type":"string"},"referrer":{"type":"string"},"title":{"type":"string"},"url":{"type":"string"}}},"projectId":{"type":"string","minLength":1,"description":"The id of the source the event came from (stable per source; the projectId setting)."},"writeKey":{"type":"string","minLength":1,"description":"The source's write key."}},"required":["version","type","timestamp"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"version":1,"type":"page","userId":"019mr8mf4r","properties":{"path":"/pricing","referrer":"https://www.google.com","title":"Pricing","url":"https://example.com/pricing"},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-page.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema136.anyOf[0].required,parentSchema:schema136.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema136.anyOf[1].required,parentSchema:schema136.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema136.anyOf,parentSchema:schema136,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema136.required,parentSchema:schema136,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema136.required,parentSchema:schema136,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.timestamp === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema136.required,parentSchema:schema136,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!((data0 === 1) || (data0 === 2))){
const err6 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema136.properties.version.enum},message:"must be equal to one of the allowed values",schema:schema136.properties.version.enum,parentSchema:schema136.properties.version,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
if("page" !== data1){
const err7 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "page"},message:"must be equal to constant",schema:"page",parentSchema:schema136.properties.type,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.userId !== undefined){
let data2 = data.userId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err8 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data3 = data.anonymousId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.messageId !== undefined){
let data4 = data.messageId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err12 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data5 = data.timestamp;
if(typeof data5 === "string"){
if(!pattern15.test(data5)){
const err14 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.ip !== undefined){
let data7 = data6.ip;
if(typeof data7 !== "string"){
const err16 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data6.device !== undefined){
let data8 = data6.device;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.model !== undefined){
let data9 = data8.model;
if(typeof data9 !== "string"){
const err17 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data9};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.type !== undefined){
let data10 = data8.type;
if(typeof data10 !== "string"){
const err18 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data10};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data8};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.os !== undefined){
let data11 = data6.os;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name !== undefined){
let data12 = data11.name;
if(typeof data12 !== "string"){
const err20 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if(typeof data13 !== "string"){
const err21 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data13};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data11};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.app !== undefined){
let data14 = data6.app;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.build !== undefined){
let data15 = data14.build;
if(typeof data15 !== "string"){
const err23 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data15};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data14.name !== undefined){
let data16 = data14.name;
if(typeof data16 !== "string"){
const err24 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data16};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data14.version !== undefined){
let data17 = data14.version;
if(typeof data17 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data17};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data14};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data6.library !== undefined){
let data18 = data6.library;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.name !== undefined){
let data19 = data18.name;
if(typeof data19 !== "string"){
const err27 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data19};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data18.version !== undefined){
let data20 = data18.version;
if(typeof data20 !== "string"){
const err28 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data20};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data18};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data6.personas !== undefined){
let data21 = data6.personas;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.computation_class !== undefined){
let data22 = data21.computation_class;
if(typeof data22 !== "string"){
const err30 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data22};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data21.computation_key !== undefined){
let data23 = data21.computation_key;
if(typeof data23 !== "string"){
const err31 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data23};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data21};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data6};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.integrations !== undefined){
let data24 = data.integrations;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key0 in data24){
let data25 = data24[key0];
if((typeof data25 !== "boolean") && (!(data25 && typeof data25 == "object" && !Array.isArray(data25)))){
const err34 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data24};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.name !== undefined){
let data26 = data.name;
if((typeof data26 !== "string") && (data26 !== null)){
const err36 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema136.properties.name.type},message:"must be string,null",schema:schema136.properties.name.type,parentSchema:schema136.properties.name,data:data26};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.category !== undefined){
let data27 = data.category;
if((typeof data27 !== "string") && (data27 !== null)){
const err37 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: schema136.properties.category.type},message:"must be string,null",schema:schema136.properties.category.type,parentSchema:schema136.properties.category,data:data27};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.properties !== undefined){
let data28 = data.properties;
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
if(data28.path !== undefined){
let data29 = data28.path;
if(typeof data29 !== "string"){
const err38 = {instancePath:instancePath+"/properties/path",schemaPath:"#/properties/properties/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema136.properties.properties.properties.path.type,parentSchema:schema136.properties.properties.properties.path,data:data29};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data28.referrer !== undefined){
let data30 = data28.referrer;
if(typeof data30 !== "string"){
const err39 = {instancePath:instancePath+"/properties/referrer",schemaPath:"#/properties/properties/properties/referrer/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema136.properties.properties.properties.referrer.type,parentSchema:schema136.properties.properties.properties.referrer,data:data30};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data28.title !== undefined){
let data31 = data28.title;
if(typeof data31 !== "string"){
const err40 = {instancePath:instancePath+"/properties/title",schemaPath:"#/properties/properties/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema136.properties.properties.properties.title.type,parentSchema:schema136.properties.properties.properties.title,data:data31};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data28.url !== undefined){
let data32 = data28.url;
if(typeof data32 !== "string"){
const err41 = {instancePath:instancePath+"/properties/url",schemaPath:"#/properties/properties/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema136.properties.properties.properties.url.type,parentSchema:schema136.properties.properties.properties.url,data:data32};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/properties",schemaPath:"#/properties/properties/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema136.properties.properties.type,parentSchema:schema136.properties.properties,data:data28};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.projectId !== undefined){
let data33 = data.projectId;
if(typeof data33 === "string"){
if(func2(data33) < 1){
const err43 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema136.properties.projectId,data:data33};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema136.properties.projectId.type,parentSchema:schema136.properties.projectId,data:data33};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data34 = data.writeKey;
if(typeof data34 === "string"){
if(func2(data34) < 1){
const err45 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema136.properties.writeKey,data:data34};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema136.properties.writeKey.type,parentSchema:schema136.properties.writeKey,data:data34};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema136.type,parentSchema:schema136,data};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}

export const validate_webhook_payload = validate43;
const schema143 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-payload.schema.json","title":"WebhookPayload","description":"Any one webhook delivery body, chosen by its type.","type":"object","required":["type"],"discriminator":{"propertyName":"type"},"oneOf":[{"$ref":"webhook-page.schema.json"},{"$ref":"webhook-screen.schema.json"},{"$ref":"webhook-identify.schema.json"},{"$ref":"webhook-track.schema.json"},{"$ref":"webhook-alias.schema.json"},{"$ref":"webhook-group.schema.json"},{"$ref":"webhook-delete.schema.json"}],"examples":[{"type":"delete","userId":"019mr8mf4r","timestamp":"2012-12-02T00:30:08.276Z"}]};
const schema144 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-screen.schema.json","title":"WebhookScreenPayload","description":"The screen delivery (rule 2.2 in docs/rules.md), with the documented context.","type":"object","properties":{"version":{"enum":[1,2],"description":"Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."},"type":{"const":"screen"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"name":{"type":["string","null"]},"properties":{"$ref":"common.schema.json#/definitions/FreeForm"},"projectId":{"type":"string","minLength":1,"description":"The id of the source the event came from (stable per source; the projectId setting)."},"writeKey":{"type":"string","minLength":1,"description":"The source's write key."}},"required":["version","type","timestamp"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"version":1,"type":"screen","userId":"019mr8mf4r","name":"Main Screen","timestamp":"2012-12-02T00:30:08.276Z","context":{"device":{"model":"x86_64","type":"ios"},"os":{"name":"iOS","version":"7.0"},"app":{"build":"88","name":"YourApp","version":"2.0.1"}}}]};

function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-screen.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema144.anyOf[0].required,parentSchema:schema144.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema144.anyOf[1].required,parentSchema:schema144.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema144.anyOf,parentSchema:schema144,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema144.required,parentSchema:schema144,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema144.required,parentSchema:schema144,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.timestamp === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema144.required,parentSchema:schema144,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!((data0 === 1) || (data0 === 2))){
const err6 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema144.properties.version.enum},message:"must be equal to one of the allowed values",schema:schema144.properties.version.enum,parentSchema:schema144.properties.version,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
if("screen" !== data1){
const err7 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "screen"},message:"must be equal to constant",schema:"screen",parentSchema:schema144.properties.type,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.userId !== undefined){
let data2 = data.userId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err8 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data3 = data.anonymousId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.messageId !== undefined){
let data4 = data.messageId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err12 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data5 = data.timestamp;
if(typeof data5 === "string"){
if(!pattern15.test(data5)){
const err14 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.ip !== undefined){
let data7 = data6.ip;
if(typeof data7 !== "string"){
const err16 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data7};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data6.device !== undefined){
let data8 = data6.device;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.model !== undefined){
let data9 = data8.model;
if(typeof data9 !== "string"){
const err17 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data9};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.type !== undefined){
let data10 = data8.type;
if(typeof data10 !== "string"){
const err18 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data10};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data8};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.os !== undefined){
let data11 = data6.os;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name !== undefined){
let data12 = data11.name;
if(typeof data12 !== "string"){
const err20 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data12};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if(typeof data13 !== "string"){
const err21 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data13};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data11};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.app !== undefined){
let data14 = data6.app;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.build !== undefined){
let data15 = data14.build;
if(typeof data15 !== "string"){
const err23 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data15};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data14.name !== undefined){
let data16 = data14.name;
if(typeof data16 !== "string"){
const err24 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data16};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data14.version !== undefined){
let data17 = data14.version;
if(typeof data17 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data17};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data14};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data6.library !== undefined){
let data18 = data6.library;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.name !== undefined){
let data19 = data18.name;
if(typeof data19 !== "string"){
const err27 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data19};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data18.version !== undefined){
let data20 = data18.version;
if(typeof data20 !== "string"){
const err28 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data20};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data18};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data6.personas !== undefined){
let data21 = data6.personas;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.computation_class !== undefined){
let data22 = data21.computation_class;
if(typeof data22 !== "string"){
const err30 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data22};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data21.computation_key !== undefined){
let data23 = data21.computation_key;
if(typeof data23 !== "string"){
const err31 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data23};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data21};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data6};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.integrations !== undefined){
let data24 = data.integrations;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key0 in data24){
let data25 = data24[key0];
if((typeof data25 !== "boolean") && (!(data25 && typeof data25 == "object" && !Array.isArray(data25)))){
const err34 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data24};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.name !== undefined){
let data26 = data.name;
if((typeof data26 !== "string") && (data26 !== null)){
const err36 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema144.properties.name.type},message:"must be string,null",schema:schema144.properties.name.type,parentSchema:schema144.properties.name,data:data26};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.properties !== undefined){
let data27 = data.properties;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
}
else {
const err37 = {instancePath:instancePath+"/properties",schemaPath:"common.schema.json#/definitions/FreeForm/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema127.type,parentSchema:schema127,data:data27};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.projectId !== undefined){
let data28 = data.projectId;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err38 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema144.properties.projectId,data:data28};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema144.properties.projectId.type,parentSchema:schema144.properties.projectId,data:data28};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data29 = data.writeKey;
if(typeof data29 === "string"){
if(func2(data29) < 1){
const err40 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema144.properties.writeKey,data:data29};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema144.properties.writeKey.type,parentSchema:schema144.properties.writeKey,data:data29};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema144.type,parentSchema:schema144,data};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
validate44.errors = vErrors;
return errors === 0;
}

const schema152 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://event-harness.dev/schemas/webhook-track.schema.json","title":"WebhookTrackPayload","description":"The track delivery (rule 2.2 in docs/rules.md).","type":"object","properties":{"version":{"enum":[1,2],"description":"Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md)."},"type":{"const":"track"},"userId":{"$ref":"common.schema.json#/definitions/Id"},"anonymousId":{"$ref":"common.schema.json#/definitions/Id"},"messageId":{"$ref":"common.schema.json#/definitions/Id"},"timestamp":{"$ref":"common.schema.json#/definitions/UtcMillisTimestamp"},"context":{"$ref":"common.schema.json#/definitions/Context"},"integrations":{"$ref":"common.schema.json#/definitions/Integrations"},"event":{"type":"string","minLength":1},"properties":{"$ref":"common.schema.json#/definitions/FreeForm"},"projectId":{"type":"string","minLength":1,"description":"The id of the source the event came from (stable per source; the projectId setting)."},"writeKey":{"type":"string","minLength":1,"description":"The source's write key."}},"required":["version","type","timestamp","event"],"anyOf":[{"required":["userId"]},{"required":["anonymousId"]}],"additionalProperties":true,"examples":[{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}]};

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-track.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs1 = errors;
let valid0 = false;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.userId === undefined){
const err0 = {instancePath,schemaPath:"#/anyOf/0/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema152.anyOf[0].required,parentSchema:schema152.anyOf[0],data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
valid0 = valid0 || _valid0;
if(!valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.anonymousId === undefined){
const err1 = {instancePath,schemaPath:"#/anyOf/1/required",keyword:"required",params:{missingProperty: "anonymousId"},message:"must have required property '"+"anonymousId"+"'",schema:schema152.anyOf[1].required,parentSchema:schema152.anyOf[1],data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = valid0 || _valid0;
}
if(!valid0){
const err2 = {instancePath,schemaPath:"#/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema152.anyOf,parentSchema:schema152,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema152.required,parentSchema:schema152,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema152.required,parentSchema:schema152,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.timestamp === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'",schema:schema152.required,parentSchema:schema152,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.event === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "event"},message:"must have required property '"+"event"+"'",schema:schema152.required,parentSchema:schema152,data};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!((data0 === 1) || (data0 === 2))){
const err7 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/enum",keyword:"enum",params:{allowedValues: schema152.properties.version.enum},message:"must be equal to one of the allowed values",schema:schema152.properties.version.enum,parentSchema:schema152.properties.version,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.type !== undefined){
let data1 = data.type;
if("track" !== data1){
const err8 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/const",keyword:"const",params:{allowedValue: "track"},message:"must be equal to constant",schema:"track",parentSchema:schema152.properties.type,data:data1};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.userId !== undefined){
let data2 = data.userId;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err9 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/userId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.anonymousId !== undefined){
let data3 = data.anonymousId;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err11 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/anonymousId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.messageId !== undefined){
let data4 = data.messageId;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err13 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/messageId",schemaPath:"common.schema.json#/definitions/Id/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema14.type,parentSchema:schema14,data:data4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data5 = data.timestamp;
if(typeof data5 === "string"){
if(!pattern15.test(data5)){
const err15 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/pattern",keyword:"pattern",params:{pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"},message:"must match pattern \""+"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"+"\"",schema:"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/timestamp",schemaPath:"common.schema.json#/definitions/UtcMillisTimestamp/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema110.type,parentSchema:schema110,data:data5};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.ip !== undefined){
let data7 = data6.ip;
if(typeof data7 !== "string"){
const err17 = {instancePath:instancePath+"/context/ip",schemaPath:"common.schema.json#/definitions/Context/properties/ip/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.ip.type,parentSchema:schema21.properties.ip,data:data7};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data6.device !== undefined){
let data8 = data6.device;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.model !== undefined){
let data9 = data8.model;
if(typeof data9 !== "string"){
const err18 = {instancePath:instancePath+"/context/device/model",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.model.type,parentSchema:schema21.properties.device.properties.model,data:data9};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data8.type !== undefined){
let data10 = data8.type;
if(typeof data10 !== "string"){
const err19 = {instancePath:instancePath+"/context/device/type",schemaPath:"common.schema.json#/definitions/Context/properties/device/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.device.properties.type.type,parentSchema:schema21.properties.device.properties.type,data:data10};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/context/device",schemaPath:"common.schema.json#/definitions/Context/properties/device/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.device.type,parentSchema:schema21.properties.device,data:data8};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.os !== undefined){
let data11 = data6.os;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.name !== undefined){
let data12 = data11.name;
if(typeof data12 !== "string"){
const err21 = {instancePath:instancePath+"/context/os/name",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.name.type,parentSchema:schema21.properties.os.properties.name,data:data12};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data11.version !== undefined){
let data13 = data11.version;
if(typeof data13 !== "string"){
const err22 = {instancePath:instancePath+"/context/os/version",schemaPath:"common.schema.json#/definitions/Context/properties/os/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.os.properties.version.type,parentSchema:schema21.properties.os.properties.version,data:data13};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/context/os",schemaPath:"common.schema.json#/definitions/Context/properties/os/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.os.type,parentSchema:schema21.properties.os,data:data11};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.app !== undefined){
let data14 = data6.app;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.build !== undefined){
let data15 = data14.build;
if(typeof data15 !== "string"){
const err24 = {instancePath:instancePath+"/context/app/build",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/build/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.build.type,parentSchema:schema21.properties.app.properties.build,data:data15};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data14.name !== undefined){
let data16 = data14.name;
if(typeof data16 !== "string"){
const err25 = {instancePath:instancePath+"/context/app/name",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.name.type,parentSchema:schema21.properties.app.properties.name,data:data16};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data14.version !== undefined){
let data17 = data14.version;
if(typeof data17 !== "string"){
const err26 = {instancePath:instancePath+"/context/app/version",schemaPath:"common.schema.json#/definitions/Context/properties/app/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.app.properties.version.type,parentSchema:schema21.properties.app.properties.version,data:data17};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/context/app",schemaPath:"common.schema.json#/definitions/Context/properties/app/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.app.type,parentSchema:schema21.properties.app,data:data14};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data6.library !== undefined){
let data18 = data6.library;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.name !== undefined){
let data19 = data18.name;
if(typeof data19 !== "string"){
const err28 = {instancePath:instancePath+"/context/library/name",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.name.type,parentSchema:schema21.properties.library.properties.name,data:data19};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data18.version !== undefined){
let data20 = data18.version;
if(typeof data20 !== "string"){
const err29 = {instancePath:instancePath+"/context/library/version",schemaPath:"common.schema.json#/definitions/Context/properties/library/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.library.properties.version.type,parentSchema:schema21.properties.library.properties.version,data:data20};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/context/library",schemaPath:"common.schema.json#/definitions/Context/properties/library/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.library.type,parentSchema:schema21.properties.library,data:data18};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data6.personas !== undefined){
let data21 = data6.personas;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.computation_class !== undefined){
let data22 = data21.computation_class;
if(typeof data22 !== "string"){
const err31 = {instancePath:instancePath+"/context/personas/computation_class",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_class/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_class.type,parentSchema:schema21.properties.personas.properties.computation_class,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data21.computation_key !== undefined){
let data23 = data21.computation_key;
if(typeof data23 !== "string"){
const err32 = {instancePath:instancePath+"/context/personas/computation_key",schemaPath:"common.schema.json#/definitions/Context/properties/personas/properties/computation_key/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema21.properties.personas.properties.computation_key.type,parentSchema:schema21.properties.personas.properties.computation_key,data:data23};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/context/personas",schemaPath:"common.schema.json#/definitions/Context/properties/personas/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.properties.personas.type,parentSchema:schema21.properties.personas,data:data21};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/context",schemaPath:"common.schema.json#/definitions/Context/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema21.type,parentSchema:schema21,data:data6};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.integrations !== undefined){
let data24 = data.integrations;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key0 in data24){
let data25 = data24[key0];
if((typeof data25 !== "boolean") && (!(data25 && typeof data25 == "object" && !Array.isArray(data25)))){
const err35 = {instancePath:instancePath+"/integrations/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"common.schema.json#/definitions/Integrations/additionalProperties/type",keyword:"type",params:{type: schema22.additionalProperties.type},message:"must be boolean,object",schema:schema22.additionalProperties.type,parentSchema:schema22.additionalProperties,data:data25};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/integrations",schemaPath:"common.schema.json#/definitions/Integrations/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema22.type,parentSchema:schema22,data:data24};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.event !== undefined){
let data26 = data.event;
if(typeof data26 === "string"){
if(func2(data26) < 1){
const err37 = {instancePath:instancePath+"/event",schemaPath:"#/properties/event/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema152.properties.event,data:data26};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/event",schemaPath:"#/properties/event/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema152.properties.event.type,parentSchema:schema152.properties.event,data:data26};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.properties !== undefined){
let data27 = data.properties;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
}
else {
const err39 = {instancePath:instancePath+"/properties",schemaPath:"common.schema.json#/definitions/FreeForm/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema127.type,parentSchema:schema127,data:data27};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.projectId !== undefined){
let data28 = data.projectId;
if(typeof data28 === "string"){
if(func2(data28) < 1){
const err40 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema152.properties.projectId,data:data28};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/projectId",schemaPath:"#/properties/projectId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema152.properties.projectId.type,parentSchema:schema152.properties.projectId,data:data28};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.writeKey !== undefined){
let data29 = data.writeKey;
if(typeof data29 === "string"){
if(func2(data29) < 1){
const err42 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema152.properties.writeKey,data:data29};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/writeKey",schemaPath:"#/properties/writeKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema152.properties.writeKey.type,parentSchema:schema152.properties.writeKey,data:data29};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema152.type,parentSchema:schema152,data};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}


function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-payload.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'",schema:schema143.required,parentSchema:schema143,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "page"){
if(!(validate42(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
errors = vErrors.length;
}
}
else if(tag0 === "screen"){
if(!(validate44(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate44.errors : vErrors.concat(validate44.errors);
errors = vErrors.length;
}
}
else if(tag0 === "identify"){
if(!(validate41(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate41.errors : vErrors.concat(validate41.errors);
errors = vErrors.length;
}
}
else if(tag0 === "track"){
if(!(validate45(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate45.errors : vErrors.concat(validate45.errors);
errors = vErrors.length;
}
}
else if(tag0 === "alias"){
if(!(validate38(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
}
else if(tag0 === "group"){
if(!(validate40(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
}
else if(tag0 === "delete"){
if(!(validate39(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
}
else {
const err1 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf",schema:schema143.discriminator,parentSchema:schema143,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string",schema:schema143.discriminator,parentSchema:schema143,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema143.type,parentSchema:schema143,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate43.errors = vErrors;
return errors === 0;
}

export const validate_webhook_screen = validate44;

export const validate_webhook_settings = validate53;

function validate53(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://event-harness.dev/schemas/webhook-settings.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.webhooks === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "webhooks"},message:"must have required property '"+"webhooks"+"'",schema:schema98.required,parentSchema:schema98,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "sharedSecret") || (key0 === "enabled")) || (key0 === "webhooks"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema98,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.sharedSecret !== undefined){
let data0 = data.sharedSecret;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err2 = {instancePath:instancePath+"/sharedSecret",schemaPath:"#/properties/sharedSecret/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema98.properties.sharedSecret,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/sharedSecret",schemaPath:"#/properties/sharedSecret/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema98.properties.sharedSecret.type,parentSchema:schema98.properties.sharedSecret,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.enabled !== undefined){
let data1 = data.enabled;
if(typeof data1 !== "boolean"){
const err4 = {instancePath:instancePath+"/enabled",schemaPath:"#/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema98.properties.enabled.type,parentSchema:schema98.properties.enabled,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.webhooks !== undefined){
let data2 = data.webhooks;
if(Array.isArray(data2)){
if(data2.length > 5){
const err5 = {instancePath:instancePath+"/webhooks",schemaPath:"#/properties/webhooks/maxItems",keyword:"maxItems",params:{limit: 5},message:"must NOT have more than 5 items",schema:5,parentSchema:schema98.properties.webhooks,data:data2};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data2.length < 1){
const err6 = {instancePath:instancePath+"/webhooks",schemaPath:"#/properties/webhooks/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema98.properties.webhooks,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.url === undefined){
const err7 = {instancePath:instancePath+"/webhooks/" + i0,schemaPath:"#/properties/webhooks/items/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'",schema:schema98.properties.webhooks.items.required,parentSchema:schema98.properties.webhooks.items,data:data3};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key1 in data3){
if(!((key1 === "url") || (key1 === "headers"))){
const err8 = {instancePath:instancePath+"/webhooks/" + i0,schemaPath:"#/properties/webhooks/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema98.properties.webhooks.items,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data3.url !== undefined){
let data4 = data3.url;
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err9 = {instancePath:instancePath+"/webhooks/" + i0+"/url",schemaPath:"#/properties/webhooks/items/properties/url/pattern",keyword:"pattern",params:{pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"},message:"must match pattern \""+"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+"+"\"",schema:"^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+",parentSchema:schema98.properties.webhooks.items.properties.url,data:data4};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats0(data4))){
const err10 = {instancePath:instancePath+"/webhooks/" + i0+"/url",schemaPath:"#/properties/webhooks/items/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\"",schema:"uri",parentSchema:schema98.properties.webhooks.items.properties.url,data:data4};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/webhooks/" + i0+"/url",schemaPath:"#/properties/webhooks/items/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema98.properties.webhooks.items.properties.url.type,parentSchema:schema98.properties.webhooks.items.properties.url,data:data4};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data3.headers !== undefined){
let data5 = data3.headers;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(Object.keys(data5).length > 5){
const err12 = {instancePath:instancePath+"/webhooks/" + i0+"/headers",schemaPath:"#/properties/webhooks/items/properties/headers/maxProperties",keyword:"maxProperties",params:{limit: 5},message:"must NOT have more than 5 properties",schema:5,parentSchema:schema98.properties.webhooks.items.properties.headers,data:data5};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key2 in data5){
const _errs15 = errors;
if(typeof key2 === "string"){
if(!pattern1.test(key2)){
const err13 = {instancePath:instancePath+"/webhooks/" + i0+"/headers",schemaPath:"#/properties/webhooks/items/properties/headers/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},message:"must match pattern \""+"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$"+"\"",schema:"^(?!(?:[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Tt][Yy][Pp][Ee]|[Cc][Oo][Nn][Tt][Ee][Nn][Tt]-[Ll][Ee][Nn][Gg][Tt][Hh]|[Xx]-[Ss][Ii][Gg][Nn][Aa][Tt][Uu][Rr][Ee]|[Hh][Oo][Ss][Tt]|[Tt][Rr][Aa][Nn][Ss][Ff][Ee][Rr]-[Ee][Nn][Cc][Oo][Dd][Ii][Nn][Gg]|[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Kk][Ee][Ee][Pp]-[Aa][Ll][Ii][Vv][Ee]|[Pp][Rr][Oo][Xx][Yy]-[Cc][Oo][Nn][Nn][Ee][Cc][Tt][Ii][Oo][Nn]|[Tt][Ee]|[Tt][Rr][Aa][Ii][Ll][Ee][Rr]|[Uu][Pp][Gg][Rr][Aa][Dd][Ee]|[Ee][Xx][Pp][Ee][Cc][Tt])$)[!#$%&'*+.^_`|~0-9A-Za-z-]+$",parentSchema:schema98.properties.webhooks.items.properties.headers.propertyNames,data:key2,propertyName:key2};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var valid4 = _errs15 === errors;
if(!valid4){
const err14 = {instancePath:instancePath+"/webhooks/" + i0+"/headers",schemaPath:"#/properties/webhooks/items/properties/headers/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid",schema:schema98.properties.webhooks.items.properties.headers.propertyNames,parentSchema:schema98.properties.webhooks.items.properties.headers,data:data5};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
for(const key3 in data5){
let data6 = data5[key3];
if(typeof data6 === "string"){
if(!pattern7.test(data6)){
const err15 = {instancePath:instancePath+"/webhooks/" + i0+"/headers/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/webhooks/items/properties/headers/additionalProperties/pattern",keyword:"pattern",params:{pattern: "^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$"},message:"must match pattern \""+"^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$"+"\"",schema:"^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$",parentSchema:schema98.properties.webhooks.items.properties.headers.additionalProperties,data:data6};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/webhooks/" + i0+"/headers/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/webhooks/items/properties/headers/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema98.properties.webhooks.items.properties.headers.additionalProperties.type,parentSchema:schema98.properties.webhooks.items.properties.headers.additionalProperties,data:data6};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/webhooks/" + i0+"/headers",schemaPath:"#/properties/webhooks/items/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema98.properties.webhooks.items.properties.headers.type,parentSchema:schema98.properties.webhooks.items.properties.headers,data:data5};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/webhooks/" + i0,schemaPath:"#/properties/webhooks/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema98.properties.webhooks.items.type,parentSchema:schema98.properties.webhooks.items,data:data3};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/webhooks",schemaPath:"#/properties/webhooks/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema98.properties.webhooks.type,parentSchema:schema98.properties.webhooks,data:data2};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema98.type,parentSchema:schema98,data};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate53.errors = vErrors;
return errors === 0;
}

export const validate_webhook_track = validate45;


/** Every schema's compiled validator, by schema name. */
export const standaloneValidators = {
  "actions-webhook-settings": validate_actions_webhook_settings,
  "alias": validate_alias,
  "audience": validate_audience,
  "batch": validate_batch,
  "client-options": validate_client_options,
  "collection-message": validate_collection_message,
  "common": validate_common,
  "deletion-request": validate_deletion_request,
  "delivery-record": validate_delivery_record,
  "driver-protocol": validate_driver_protocol,
  "error-response": validate_error_response,
  "group": validate_group,
  "harness-config": validate_harness_config,
  "http-config": validate_http_config,
  "identify": validate_identify,
  "journal-entry": validate_journal_entry,
  "page": validate_page,
  "run-settings": validate_run_settings,
  "screen": validate_screen,
  "track": validate_track,
  "webhook-alias": validate_webhook_alias,
  "webhook-delete": validate_webhook_delete,
  "webhook-group": validate_webhook_group,
  "webhook-identify": validate_webhook_identify,
  "webhook-page": validate_webhook_page,
  "webhook-payload": validate_webhook_payload,
  "webhook-screen": validate_webhook_screen,
  "webhook-settings": validate_webhook_settings,
  "webhook-track": validate_webhook_track,
};
