import type { API } from '../../shared/api';
import type { RouteContract } from '../../shared/api/contract';
import type { CallInput } from './api';

type Api = typeof API;
export type Feature = keyof Api;
export type RouteName<F extends Feature> = keyof Api[F] & string;
/** The contract entry of one route, by feature and name. */
export type RouteOf<F extends Feature, R extends RouteName<F>> = Api[F][R] extends RouteContract ? Api[F][R] : never;

/** What tells one answer of a route from another: exactly the parameters, query and body its call sends. */
export type KeyInput<C extends RouteContract> = Omit<CallInput<C>, 'signal' | 'asVisitor' | 'cache' | 'upload'>;
/** A route that takes no parameters, query or body has one answer, and its key no input. */
export type KeyArgs<C extends RouteContract> = C extends { params: object } | { query: object } | { body: object } ? [input: KeyInput<C>] : [];

/**
 * Where each route's answer sits in the query cache, derived from the contract (a new route needs no key
 * written for it): the feature, the route's name, and what was asked. So `featureKey('rounds')` refreshes
 * everything of one feature and `routeKey('books', 'list')` one route's answer, and a change in one feature
 * refreshes another's data by key (closing a discussion changes its round, its new poll and home) without
 * the features importing each other.
 */
export function routeKey<F extends Feature, R extends RouteName<F>>(feature: F, route: R, ...input: KeyArgs<RouteOf<F, R>>) {
  return [feature, route, ...input] as const;
}

/** Every answer of one feature's routes: the key prefix that refreshes them all. */
export function featureKey<F extends Feature>(feature: F) {
  return [feature] as const;
}
