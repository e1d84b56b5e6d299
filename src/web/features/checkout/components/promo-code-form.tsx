import { BOGO50_DEAL } from '@shared/constants';
import { freebieQuantity, normalizePromoCode } from '@shared/promotions';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { addFreeLine, removeFreeLines, useCart } from '@web/features/cart/cart-store';
import { Tag, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useValidatePromo, type ValidatedPromotion } from '../api/validate-promo';
import { setAppliedPromotion, useAppliedPromotion } from '../promo-store';

function promotionSummary(promotion: ValidatedPromotion): string {
  if (promotion.isBogo50) return BOGO50_DEAL;
  switch (promotion.discountType) {
    case 'percentage':
      return `${promotion.discountAmount}% off`;
    case 'fixed':
      return `$${promotion.discountAmount.toFixed(2)} off`;
    case 'freebie':
      return promotion.freebieProduct ? `Free ${promotion.freebieProduct.name}` : 'Free item';
  }
}

/** Promo code entry (spec §5, §8): the server validates, the engine prices. */
export function PromoCodeForm() {
  const id = useId();
  const cart = useCart();
  const applied = useAppliedPromotion();
  const validate = useValidatePromo();
  const [code, setCode] = useState('');
  // the reason a code was refused, under the field too (the toast goes away, this stays)
  const [problem, setProblem] = useState<string | null>(null);
  const refuse = (title: string, description: string) => {
    setProblem(description);
    toast({ title, description, variant: 'destructive' });
  };

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const promoCode = code.trim();
    if (!promoCode) return refuse('Promo code required', 'Please enter a promo code');
    try {
      const answer = await validate.mutateAsync({ promoCode, cartItems: cart });
      if (!answer.valid) {
        if (answer.requiresOzItems)
          return refuse(
            'BOGO50 Requirements',
            'Add at least 2 Oz products to your cart to use BOGO50',
          );
        if (answer.applicableCategories)
          return refuse(
            'Promo code not applicable',
            answer.error ?? 'This promo code is not valid',
          );
        return refuse('Invalid promo code', answer.error || 'This promo code is not valid');
      }
      const promotion = answer.promotion;
      if (applied?.freebieProduct && applied.freebieProduct.id !== promotion.freebieProduct?.id) {
        removeFreeLines(applied.freebieProduct.id);
      }
      setAppliedPromotion({ ...promotion, promoCode: normalizePromoCode(promotion.promoCode) });
      const freebie = promotion.freebieProduct;
      if (freebie) {
        addFreeLine({ id: freebie.id, name: freebie.name, quantity: freebieQuantity(freebie) });
      }
      setCode('');
      setProblem(null);
      toast({
        title: 'Promo code applied',
        description: `${normalizePromoCode(promotion.promoCode)}: ${promotionSummary(promotion)}`,
        variant: 'success',
      });
    } catch {
      // an empty code never reaches the server: the form refuses it above
      toast({
        title: 'Error',
        description: 'Failed to validate promo code. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const remove = () => {
    if (applied?.freebieProduct) removeFreeLines(applied.freebieProduct.id);
    setAppliedPromotion(null);
  };

  if (applied) {
    return (
      <div
        data-testid="applied-promo"
        className="flex items-center gap-3 rounded-xl border border-primary/50 bg-primary/10 px-3 py-2"
      >
        <Tag aria-hidden="true" className="h-4 w-4 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-bold tracking-wide">{applied.promoCode}</p>
          <p className="truncate text-xs text-muted">{promotionSummary(applied)}</p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={remove}
          aria-label={`Remove promo code ${applied.promoCode}`}
          className="-mr-1"
        >
          <X aria-hidden="true" className="h-4 w-4" />
          Remove
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={apply} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="promoCode"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          placeholder="Enter code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface-2 px-3 text-base uppercase text-fg placeholder:normal-case placeholder:text-muted/70 aria-[invalid=true]:border-danger"
        />
        <Button type="submit" variant="secondary" disabled={validate.isPending}>
          {validate.isPending ? 'Checking...' : 'Apply'}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-xs font-medium text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}
