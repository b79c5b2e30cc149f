/**
 * The services' wire types, by schema name, from the generated files under `schema/`
 * (scripts/openapi-types.sh). Features alias these instead of restating a field.
 */
import type { components as IdentityComponents, paths as IdentityPaths } from './schema/identity';
import type { components as PaymentComponents, paths as PaymentPaths } from './schema/paymentprovider';
import type { components as RetailComponents, paths as RetailPaths } from './schema/retailstore';
import type { components as SystemComponents, paths as SystemPaths } from './schema/system';

type IdentitySchemas = IdentityComponents['schemas'];
type SystemSchemas = SystemComponents['schemas'];
type RetailSchemas = RetailComponents['schemas'];
type PaymentSchemas = PaymentComponents['schemas'];

export type IdentitySchema<Name extends keyof IdentitySchemas> = IdentitySchemas[Name];
export type SystemSchema<Name extends keyof SystemSchemas> = SystemSchemas[Name];
export type RetailSchema<Name extends keyof RetailSchemas> = RetailSchemas[Name];
export type PaymentSchema<Name extends keyof PaymentSchemas> = PaymentSchemas[Name];

/** Every documented route, so that a path constant naming a route that is gone fails the type check. */
export type ApiPath = keyof IdentityPaths | keyof SystemPaths | keyof RetailPaths | keyof PaymentPaths;
