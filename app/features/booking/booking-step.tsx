// The thank-you page's booking step: the visitor picks a time right after sending the form (or
// waits for the call promised within 24 hours), or reads why they cannot.
import { useCopy } from '~/i18n/locale';
import type { BookingStep } from './booking-types';
import { bookingCopy } from './copy';
import { SlotPicker } from './slot-picker';
import './booking.css';

/** Does the step put the focus on something of its own (a problem, the chosen day's times)? */
export function bookingStepTakesFocus(step: BookingStep | null): boolean {
  return step?.kind === 'pick' && (Boolean(step.problem) || step.dayChosen);
}

export function BookingStepSection({ step }: { step: BookingStep }) {
  const t = useCopy(bookingCopy).pick;
  return (
    <section className="container booking-step" aria-labelledby="booking-heading">
      <h2 id="booking-heading">{t.heading}</h2>
      {step.kind === 'expired' ? (
        <p>{step.message}</p>
      ) : (
        <>
          <p>{t.lead(step.meetingMinutes)}</p>
          <SlotPicker choice={step} submitLabel={t.book} idPrefix="booking" />
        </>
      )}
    </section>
  );
}
