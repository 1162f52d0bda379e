import type { ApiClient } from '@nomsan/contracts/client';
import { href } from './links';
import { optional } from './loaders.server';

/** How many topics the home page shows as shelves (each is one more API call). */
const TOPIC_SHELVES = 4;

/** The featured books and the first topics with their items, for the home and for-you pages. */
export async function loadDiscovery(api: ApiClient) {
  const [showcase, topics] = await Promise.all([optional(api.showcase(), []), optional(api.topics(), [])]);
  const details = await Promise.all(topics.slice(0, TOPIC_SHELVES).map((topic) => optional(api.topic(topic.id), null)));
  const topicShelves = details.flatMap((topic) =>
    topic && topic.items.length > 0
      ? [{ id: `topic-${topic.id}`, title: topic.title, link: href.topic(topic.slug), items: topic.items }]
      : [],
  );
  return { showcase, topicShelves };
}
