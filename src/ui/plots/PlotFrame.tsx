import { createElement, useRef, useState, type ReactNode, type Ref } from 'react';
import { HelpButton, HelpCaption, HelpText, usePlotHelp } from '../help/PlotHelp';
import { PlotExportButtons } from '../exports/PlotExportButtons';
import { PlotAlternative } from './PlotAlternative';
import type { ViewSource } from '../viewSource';
import { isCompareChart, type CompareChartId, type PlotId } from './plotIds';

/** The box a frame draws: its element, class and attributes, and what the view draws in it. */
interface BoxProps {
  /** The box's element: a figure, or a div inside another view's figure (the embedding's replay). */
  as?: 'figure' | 'div';
  className: string;
  /** The box's data-testid: the figure's id unless given; null leaves it off (the replay's track carries it). */
  testId?: string | null;
  /** Its data-* attributes as first rendered; the drawing keeps them up to date. */
  data?: Readonly<Record<string, string>>;
  boxRef?: Ref<HTMLElement>;
  /** The view's own content, between the title and the text alternative. */
  children?: ReactNode;
}

/** A view of the page: its title (the help's unless given; legend keys may be in it), help, saves and text alternative. */
export interface ViewFrameProps extends BoxProps {
  id: PlotId;
  title?: ReactNode;
  /** What follows the text alternative inside the box (the embedding's replay, itself a view). */
  after?: ReactNode;
}

/** An overlay of two runs or sets, A the views' source and B `pair`: a title and the saves, no help of its own. */
export interface OverlayFrameProps extends BoxProps {
  id: CompareChartId;
  title: string;
  pair: ViewSource;
}

/** Either kind of frame. */
export type PlotFrameProps = ViewFrameProps | OverlayFrameProps;

const isOverlay = (p: PlotFrameProps): p is OverlayFrameProps => isCompareChart(p.id);

/**
 * The one frame of every figure: the title with its "?" and the save buttons, the caption and help
 * text under it, the view's content, and its text alternative. The export finds the figure from
 * the title, and the page's tests find each part by the figure's id.
 */
export function PlotFrame(props: PlotFrameProps) {
  const { as = 'figure', className, testId, data, boxRef, children } = props;
  const attributes: Record<string, unknown> = { className, ref: boxRef, 'data-testid': testId === undefined ? props.id : (testId ?? undefined) };
  for (const [k, v] of Object.entries(data ?? {})) attributes[`data-${k}`] = v;
  if (isOverlay(props)) return createElement(as, attributes, <OverlayTitle id={props.id} title={props.title} pair={props.pair} />, children);
  return createElement(as, attributes, <ViewTitle id={props.id} title={props.title} />, children, <PlotAlternative id={props.id} />, props.after);
}

/** A view's title, "?" and saves, then its caption and (when asked for) its help text. */
function ViewTitle({ id, title }: { id: PlotId; title?: ReactNode }) {
  const help = usePlotHelp(id);
  const [open, setOpen] = useState(false);
  const caption = useRef<HTMLElement>(null);
  return (
    <>
      <figcaption ref={caption}>
        {title ?? help.title}
        <HelpButton help={help} open={open} onToggle={() => setOpen(!open)} />
        <PlotExportButtons id={id} title={help.title} caption={caption} />
      </figcaption>
      <HelpCaption help={help} />
      {open && <HelpText help={help} onClose={() => setOpen(false)} />}
    </>
  );
}

/** An overlay's title and saves. */
function OverlayTitle({ id, title, pair }: { id: CompareChartId; title: string; pair: ViewSource }) {
  const caption = useRef<HTMLElement>(null);
  return (
    <figcaption ref={caption}>
      {title}
      <PlotExportButtons id={id} title={title} caption={caption} pair={pair} />
    </figcaption>
  );
}
