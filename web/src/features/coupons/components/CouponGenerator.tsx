import { useMemo, useRef, useState, type RefObject } from 'react';
import { Autocomplete, Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { DatePicker } from '@/components/DatePicker';
import { Modal } from '@/components/Modal';
import { Guard } from '@/components/Guard';
import { ApiError, isForbidden } from '@/lib/api';
import { newRequestId } from '@/lib/brands';
import { useGenerateCoupon } from '../api/generate-coupon';
import type { Coupon } from '../api/my-coupons';
import {
  canGenerate,
  dateOrderError,
  emptyCouponForm,
  parseValue,
  VALUE_CHOICES,
  type CouponForm,
} from '../lib/coupon-form';
import { REASONS } from '../lib/coupon-lists';
import { GENERATE_CODE_FAILURE } from '@/lib/messages';

/** /coupons (3-planning §2, §5): one single-use Customer Service code. */
export function CouponGenerator() {
  const [form, setForm] = useState<CouponForm>(() => emptyCouponForm());
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<Coupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateCoupon();
  // The code dialog gives the focus back here: the button, disabled while it waited, has lost it.
  const generateButton = useRef<HTMLButtonElement>(null);
  const options = useMemo(() => REASONS.map((r) => ({ id: r.label, label: r.label })), []);
  const orderError = dateOrderError(form);
  const set = (patch: Partial<CouponForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    const value = parseValue(form.value);
    if (!canGenerate(form) || !value) return;
    setError(null);
    generate.mutate(
      {
        imageName: form.reason,
        ...value,
        startDate: form.startDate,
        endDate: form.endDate,
        requestId: newRequestId(),
      },
      {
        onSuccess: (c) => setResult(c),
        // The backend's message when there is a response, else the spec's words (§8). A
        // permission failure is the kit's dialog's to say ('Error! User Action Prohibited!'), not the form's.
        onError: (e) => {
          if (isForbidden(e)) return;
          setError(
            e instanceof ApiError && e.fromServer && e.status !== undefined && e.status > 0
              ? e.message
              : GENERATE_CODE_FAILURE,
          );
        },
      },
    );
  };

  return (
    <Flex direction="column" gap="1rem" maxWidth="36rem">
      <Flex gap="1rem" wrap="wrap">
        <TextField label="Category" value="Customer Service" isReadOnly />
        <TextField label="Type" value="Single Use Code" isReadOnly />
        <TextField label="Quantity" value="One" isReadOnly width="6rem" />
      </Flex>
      <Autocomplete
        label="Issue type"
        labelHidden={false}
        placeholder="Search the issue types"
        options={options}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          set({ reason: '' });
        }}
        onSelect={(o) => {
          setQuery(o.label);
          set({ reason: o.id });
        }}
        onClear={() => {
          setQuery('');
          set({ reason: '' });
        }}
        menuSlots={{ Empty: <Text padding="0.5rem">No issue type matches</Text> }}
      />
      <SelectField
        label="Code value"
        placeholder="Choose a value"
        value={form.value}
        onChange={(e) => set({ value: e.target.value })}
      >
        {VALUE_CHOICES.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </SelectField>
      <Flex gap="1rem" wrap="wrap">
        <DatePicker label="Start date" value={form.startDate} onChange={(d) => set({ startDate: d })} required />
        <DatePicker
          label="End date"
          value={form.endDate}
          onChange={(d) => set({ endDate: d })}
          min={form.startDate || undefined}
          required
        />
      </Flex>
      {orderError ? (
        <Text color="font.error" role="alert" marginTop="-0.5rem">
          {orderError}
        </Text>
      ) : null}
      <Guard call="POST /coupons">
        {(refused) => (
          <Button
            ref={generateButton}
            variation="primary"
            onClick={submit}
            isDisabled={refused || !canGenerate(form) || generate.isPending}
            isLoading={generate.isPending}
            loadingText="Generating…"
          >
            GENERATE CODE
          </Button>
        )}
      </Guard>
      {error ? (
        <Text color="font.error" role="alert">
          {error}
        </Text>
      ) : null}
      {result ? <CodeDialog coupon={result} onClose={() => setResult(null)} returnFocus={generateButton} /> : null}
    </Flex>
  );
}

function CodeDialog({
  coupon,
  onClose,
  returnFocus,
}: {
  coupon: Coupon;
  onClose: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(coupon.couponCode);
      setCopied('Copied');
    } catch {
      setCopied('Copy failed: select the code and copy it by hand');
    }
  };
  return (
    <Modal
      title="Customer Service Code"
      role="alertdialog"
      onCancel={onClose}
      returnFocus={returnFocus}
      footer={
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      <Flex direction="column" gap="0.5rem">
        <Flex alignItems="center" gap="0.5rem">
          <Text fontFamily="monospace" fontSize="1.5rem" aria-label="Code" style={{ userSelect: 'all' }}>
            {coupon.couponCode}
          </Text>
          <Button size="small" onClick={() => void copy()}>
            Copy code
          </Button>
          {copied ? <Text role="status">{copied}</Text> : null}
        </Flex>
        <Text>Reason: {coupon.reason}</Text>
        <Text>Value: {coupon.value}</Text>
        <Text>Expires: {coupon.endDate}</Text>
      </Flex>
    </Modal>
  );
}
