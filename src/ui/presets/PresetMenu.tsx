import { useEffect, useRef, useState } from 'react';
import { useController } from '../context';
import { PRESETS, presetLink } from '../../state/presets/presets';
import { openPreset } from '../run/pageLink';
import { LESSONS } from '../../state/presets/lessons';
import { openLessonStep } from '../lessons/lessonRun';

/**
 * The Presets menu: first the lessons (each paper's presets in order, a question before each run),
 * then every preset, each saying what it reproduces and what to look for; clicking one opens and trains it.
 */
export function PresetMenu() {
  const c = useController();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return (
    <div className="preset-menu" ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" data-testid="presets" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)}>
        Presets ▾
      </button>
      {open && (
        <ul className="preset-list" data-testid="preset-list">
          {LESSONS.map((l) => (
            <li key={l.id} className="preset-entry lesson-entry">
              <button
                type="button"
                data-testid={`lesson-${l.id}`}
                onClick={() => {
                  setOpen(false);
                  openLessonStep(c, l.id, 0);
                }}
              >
                <strong>
                  Lesson: {l.title} · {l.steps.length} step{l.steps.length > 1 ? 's' : ''}
                </strong>
                <span className="preset-reproduces">{l.about} Predict, then run: a question before each step, the answer from the runs’ numbers.</span>
              </button>
              <a className="preset-link" data-testid={`lesson-link-${l.id}`} href={`#lesson=${l.id}/1`} aria-label={`Link to the lesson ${l.title}`} onClick={() => setOpen(false)}>
                link
              </a>
            </li>
          ))}
          {PRESETS.map((p) => (
            <li key={p.id} className="preset-entry">
              <button
                type="button"
                data-testid={`preset-${p.id}`}
                onClick={() => {
                  setOpen(false);
                  openPreset(c, p.id);
                }}
              >
                <strong>{p.title}</strong>
                <span className="preset-reproduces">{p.reproduces}</span>
                <span className="preset-look">Look for: {p.lookFor}</span>
              </button>
              {/* A plain link to share or open in a new tab (opening it here is Back-able like any link). */}
              <a className="preset-link" data-testid={`preset-link-${p.id}`} href={`#${presetLink(p)}`} aria-label={`Link to the preset ${p.title}`} onClick={() => setOpen(false)}>
                link
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
