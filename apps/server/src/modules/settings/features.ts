import {
  FEATURE_SWITCHES,
  type FeatureKey,
  type FeatureSwitchInput,
  featureDescriptionKey,
  featureNameKey,
  type Lang,
  translate,
} from '@glucocare/domain';
import type { Database } from '../../db/client';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { changeSetting, getSetting } from './service';

const settingKey = (key: FeatureKey) => `feature.${key}` as const;

function featureView(key: FeatureKey, value: boolean, lang: Lang) {
  const feature = FEATURE_SWITCHES.find((item) => item.key === key)!;
  return {
    key,
    value,
    defaultValue: feature.defaultValue,
    name: translate(lang, featureNameKey(key)),
    description: translate(lang, featureDescriptionKey(key)),
  };
}

/** Every feature switch of the tenant, in the domain's order, named in the request language. */
export async function featureSwitches(db: Database, tenantId: string, lang: Lang) {
  return Promise.all(
    FEATURE_SWITCHES.map(async (feature) =>
      featureView(feature.key, await getSetting(db, tenantId, settingKey(feature.key)), lang),
    ),
  );
}

/** Switches one feature (audited as the setting `feature.<key>`). */
export async function setFeatureSwitch(
  db: Database,
  session: SessionUser,
  input: FeatureSwitchInput,
  lang: Lang,
  meta: RequestMeta,
) {
  const value = await changeSetting(db, session, settingKey(input.key), input.value, meta);
  return featureView(input.key, value, lang);
}
