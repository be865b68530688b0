import { useEffect } from 'react';
import { useAppState, useController } from '../context';
import { INTRO } from './intro';
import { PRESET_BY_ID } from '../../state/presets/presets';
import { openPreset } from '../run/pageLink';
import { LESSONS } from '../../state/presets/lessons';
import { openLessonStep } from '../lessons/lessonRun';

/** Where a dismissed introduction is remembered. */
export const INTRO_KEY = 'metric-playground:intro-dismissed';

/** True on a first visit (nothing remembered, or storage unavailable). */
export function introWanted(): boolean {
  try {
    return localStorage.getItem(INTRO_KEY) !== '1';
  } catch {
    return true;
  }
}

/**
 * A short, friendly introduction on the first visit: what metric learning is, what the page shows,
 * and presets to start with. Not modal: it sits above the views, traps no focus, and the transport
 * stays usable. Escape or × dismisses it for good; the header's "?" brings it back.
 */
export function Intro() {
  const c = useController();
  const open = useAppState((s) => s.introOpen);
  const close = () => {
    c.store.setState({ introOpen: false });
    try {
      localStorage.setItem(INTRO_KEY, '1');
    } catch {
      // Private mode: the introduction simply shows again next time.
    }
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  if (!open) return null;
  return (
    <section className="intro" data-testid="intro" aria-labelledby="intro-title">
      <header>
        <h2 id="intro-title">Welcome to {INTRO.title}</h2>
        <button type="button" data-testid="intro-close" aria-label="Close the introduction" onClick={close}>
          ×
        </button>
      </header>
      {INTRO.body.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p>{INTRO.presetsLead}</p>
      <ul className="intro-presets">
        {INTRO.presets.map((p) => (
          <li key={p.id}>
            <button type="button" className="link" data-testid={`intro-preset-${p.id}`} onClick={() => openPreset(c, p.id)}>
              {p.title}
            </button>{' '}
            — {p.blurb}
          </li>
        ))}
      </ul>
      <p className="intro-more">
        {INTRO.moreLead}{' '}
        {INTRO.more.map((p, i) => (
          <span key={p.id}>
            {i > 0 && ' · '}
            <button type="button" className="link" data-testid={`intro-preset-${p.id}`} onClick={() => openPreset(c, p.id)}>
              {PRESET_BY_ID.get(p.id)?.title ?? p.id}
            </button>
          </span>
        ))}
        . Or just press ▶ Play.
      </p>
      <p className="intro-lessons">
        {INTRO.lessonsLead}{' '}
        {LESSONS.map((l, i) => (
          <span key={l.id}>
            {i > 0 && ' · '}
            <button type="button" className="link" data-testid={`intro-lesson-${l.id}`} onClick={() => openLessonStep(c, l.id, 0)}>
              {l.title}
            </button>
          </span>
        ))}
      </p>
    </section>
  );
}
