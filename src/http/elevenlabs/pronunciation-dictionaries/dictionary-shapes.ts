import { Type, type Static } from '@sinclair/typebox';
import type { DictionarySummary, DictionaryWithRules } from '../../../services/pronunciation-dictionaries/pronunciation-dictionary-service.js';
import type { PronunciationRule } from '../../../text/pronunciation/pronunciation-rule.js';

/** Longest string a rule may replace or say (a phrase, not a text). */
const maxRuleString = 500;

const ruleFlags = {
  case_sensitive: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  word_boundaries: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
};

/** ElevenLabs' two rule shapes (`PronunciationDictionaryAliasRuleRequestModel`, `…PhonemeRuleRequestModel`). */
export const RuleBody = Type.Union([
  Type.Object({
    string_to_replace: Type.String({ minLength: 1, maxLength: maxRuleString }),
    type: Type.Literal('alias'),
    alias: Type.String({ minLength: 1, maxLength: maxRuleString }),
    ...ruleFlags,
  }),
  Type.Object({
    string_to_replace: Type.String({ minLength: 1, maxLength: maxRuleString }),
    type: Type.Literal('phoneme'),
    phoneme: Type.String({ minLength: 1, maxLength: maxRuleString }),
    alphabet: Type.Literal('ipa'),
    ...ruleFlags,
  }),
]);
export type RuleBodyValue = Static<typeof RuleBody>;

/** Rules in one request; the plan's limit per dictionary is checked by the service. */
export const RulesBody = Type.Array(RuleBody, { maxItems: 10_000 });

export const DictionaryParams = Type.Object({ pronunciation_dictionary_id: Type.String({ minLength: 1, maxLength: 100 }) });
export type DictionaryParamsValue = Static<typeof DictionaryParams>;

export function ruleOf(body: RuleBodyValue): PronunciationRule {
  const flags = {
    ...(typeof body.case_sensitive === 'boolean' ? { caseSensitive: body.case_sensitive } : {}),
    ...(typeof body.word_boundaries === 'boolean' ? { wordBoundaries: body.word_boundaries } : {}),
  };
  return body.type === 'alias'
    ? { stringToReplace: body.string_to_replace, type: 'alias', alias: body.alias, ...flags }
    : { stringToReplace: body.string_to_replace, type: 'phoneme', phoneme: body.phoneme, alphabet: 'ipa', ...flags };
}

function ruleShape(rule: PronunciationRule) {
  const said = rule.type === 'alias' ? { alias: rule.alias } : { phoneme: rule.phoneme, alphabet: rule.alphabet };
  return {
    string_to_replace: rule.stringToReplace,
    type: rule.type,
    ...said,
    case_sensitive: rule.caseSensitive ?? false,
    word_boundaries: rule.wordBoundaries ?? true,
  };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** `AddPronunciationDictionaryResponseModel`. */
export function addedShape(d: DictionarySummary) {
  return {
    id: d.id,
    name: d.name,
    created_by: d.createdBy,
    creation_time_unix: seconds(d.createdAt),
    version_id: d.versionId,
    version_rules_num: d.rulesCount,
    description: d.description,
    permission_on_resource: 'admin',
  };
}

/** `GetPronunciationDictionaryMetadataResponse`, and `default` (Orator's: applied to every synthesis of the account). */
export function metadataShape(d: DictionarySummary) {
  return {
    id: d.id,
    latest_version_id: d.versionId,
    latest_version_rules_num: d.rulesCount,
    name: d.name,
    permission_on_resource: 'admin',
    created_by: d.createdBy,
    creation_time_unix: seconds(d.createdAt),
    archived_time_unix: d.archivedAt === null ? null : seconds(d.archivedAt),
    description: d.description,
    default: d.isDefault,
  };
}

/** `GetPronunciationDictionaryWithRulesResponseModel`. */
export function withRulesShape(d: DictionaryWithRules) {
  return { ...metadataShape(d), rules: d.rules.map(ruleShape) };
}

/** `PronunciationDictionaryRulesResponseModel`. */
export function rulesChangedShape(d: DictionarySummary) {
  return { id: d.id, version_id: d.versionId, version_rules_num: d.rulesCount };
}
