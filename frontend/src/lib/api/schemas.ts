/**
 * The API's wire types, by schema name, from the generated `schema/api.ts`
 * (scripts/openapi-types.sh merges the four services' documents into one, as the gateway
 * serves them). Features alias these instead of restating a field.
 */
import type { components, paths } from './schema/api';

type Schemas = components['schemas'];

export type ApiSchema<Name extends keyof Schemas> = Schemas[Name];

/** Every documented route, so that a path constant naming a route that is gone fails the type check. */
export type ApiPath = keyof paths;
