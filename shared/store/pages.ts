/** DynamoDB's paged reads (Scan, Query) read to their end, or as far as the caller needs. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

type Item = Record<string, AttributeValue>;

/**
 * The items of a paged read: `read(start)` page after page, each from where the last stopped, until the last
 * page, or until `enough` items are in.
 * @example const items = await pagedItems((start) => client.send(new QueryCommand({ ...due, ExclusiveStartKey: start })));
 */
export async function pagedItems(
  read: (start: Item | undefined) => Promise<{ Items?: Item[]; LastEvaluatedKey?: Item }>,
  enough = Infinity,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await read(start);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < enough);
  return items;
}
