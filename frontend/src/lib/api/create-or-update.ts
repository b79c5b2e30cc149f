/**
 * The save step of a create/edit form: Create when there is no record yet, else Update
 * with its id; one success and one error path for both.
 */

type SaveCallbacks<R> = { onSuccess: (saved: R) => void; onError: (error: unknown) => void };

/** The part of a React Query mutation this needs (method syntax: any mutate fits). */
interface Mutation<V, R> {
  mutate(variables: V, callbacks: SaveCallbacks<R>): void;
}

export function createOrUpdate<P, R>(args: {
  id: string | undefined;
  payload: P;
  create: Mutation<P, R>;
  update: Mutation<{ id: string } & P, R>;
  onSaved: (saved: R, created: boolean) => void;
  onError: (error: unknown) => void;
}): void {
  const { id, payload, create, update, onSaved, onError } = args;
  if (id) {
    update.mutate({ id, ...payload }, { onSuccess: (saved) => onSaved(saved, false), onError });
  } else {
    create.mutate(payload, { onSuccess: (saved) => onSaved(saved, true), onError });
  }
}
