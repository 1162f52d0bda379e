import type { BenefitView } from '@nomsan/contracts/codes';
import { mn } from '@nomsan/contracts/messages';

const t = mn.codePages;

/**
 * What a code gives, as one line: credits, a title for good, days of a subscription scope, or a
 * discount on a plan's first period.
 */
export function benefitText(benefit: BenefitView): string {
  switch (benefit.type) {
    case 'credits':
      return t.benefitCredits(benefit.credits);
    case 'title':
      return t.benefitTitle(t.formats[benefit.format]);
    case 'subscription_days':
      return t.benefitDays(t.scopes[benefit.scope], benefit.days);
    case 'plan_discount':
      return t.benefitPlanDiscount(benefit.percent, benefit.scope === null ? null : t.planScopes[benefit.scope]);
  }
}
