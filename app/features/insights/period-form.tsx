// The period chooser above the insights: presets (the last 7, 30 and 90 days, 12 months) as links,
// and two dates checked before they go into the address, so a view can be shared and Back works.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INSIGHTS_TIME_ZONE, type InsightsPeriod } from '~/data/insights';
import { insightsCopy as copy } from './copy';
import { DAY, lastDays } from './insights-period';

export function PeriodForm({ period, today }: { period: InsightsPeriod; today: string }) {
  const [, setSearch] = useSearchParams();
  const [from, setFrom] = useState(period.start);
  const [to, setTo] = useState(period.end);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setFrom(period.start);
    setTo(period.end);
  }, [period.start, period.end]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!DAY.test(from) || !DAY.test(to) || from > to) {
      setProblem(copy.period.invalid);
      return;
    }
    setProblem(null);
    setSearch({ from, to });
  }

  return (
    <form className="insights-period" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{copy.period.legend}</legend>
        <ul className="insights-period__presets">
          {copy.period.presets.map((preset) => {
            const range = lastDays(preset.days, today);
            const current = range.start === period.start && range.end === period.end;
            return (
              <li key={preset.days}>
                <Link
                  to={`?from=${range.start}&to=${range.end}`}
                  aria-current={current ? 'true' : undefined}
                  className="insights-period__preset"
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="insights-period__dates">
          <label>
            {copy.period.from}
            <input
              type="date"
              name="from"
              value={from}
              max={today}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'insights-period-problem' : undefined}
            />
          </label>
          <label>
            {copy.period.to}
            <input
              type="date"
              name="to"
              value={to}
              max={today}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'insights-period-problem' : undefined}
            />
          </label>
          <button type="submit" className="admin-button">
            {copy.period.show}
          </button>
        </div>
        {problem && (
          <p id="insights-period-problem" role="alert" className="admin-field__error">
            {problem}
          </p>
        )}
        <p className="admin-field__hint">{copy.period.timeZone(INSIGHTS_TIME_ZONE)}</p>
      </fieldset>
    </form>
  );
}
