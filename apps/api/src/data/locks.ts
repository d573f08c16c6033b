// SELECT ... FOR UPDATE through the query builder: the row stays locked until the transaction ends,
// so concurrent changes to it queue (playlist songs, a payment's completion, a guest's adoption).
import type { EntityManager, EntityTarget, ObjectLiteral } from "typeorm";

/** The entity matching `where` (columns named as `locked.column`), locked for this transaction; or null. */
export const lockRow = <Entity extends ObjectLiteral>(
  tx: EntityManager,
  entity: EntityTarget<Entity>,
  where: string,
  params: ObjectLiteral,
) =>
  tx
    .getRepository(entity)
    .createQueryBuilder("locked")
    .setLock("pessimistic_write")
    .where(where, params)
    .getOne();
