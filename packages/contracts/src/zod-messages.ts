import { z } from 'zod';
import { mn } from './messages';

const v = mn.validation;

/** What a field-level error says when its schema gives no message of its own: in Mongolian. */
function messageOf(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? v.required : v.wrongType;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return v.atMostChars(max);
      if (issue.origin === 'array' || issue.origin === 'set') return v.atMostItems(max);
      return v.atMost(max);
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return min === '1' ? v.required : v.atLeastChars(min);
      if (issue.origin === 'array' || issue.origin === 'set') return v.atLeastItems(min);
      return v.atLeast(min);
    }
    case 'invalid_format':
      return v.badFormat;
    case 'invalid_value':
      return v.oneOf(issue.values.map(String).join(', '));
    case 'unrecognized_keys':
      return v.unknownFields(issue.keys.join(', '));
    default:
      return v.invalid;
  }
}

// Every schema of the contracts, and so every route's validation, answers in Mongolian.
z.config({ localeError: messageOf });
