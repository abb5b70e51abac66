/**
 * The goal carousel: how many slides fit at a window width (spec 2 §9: at most 4, 3 below
 * 1199 px, 2 below 1024 px, 1 below 630 px), the percentage, and the rendered strip following
 * the window as it is resized, saying so while counts cannot come from documents.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { act, cleanup, render as renderBare, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers/i18n-provider';
import { goalPercent, goalSlidesPerView } from '../../src/resources/program/shared/carousel-slides';
import { GoalCarousel } from '../../src/resources/program/shared/GoalCarousel';

const NOT_COUNTED_YET = 'Completed counts start once documents arrive';

/** The carousel words itself through the catalogue, in English here. */
const render = (ui: ReactElement) => renderBare(<I18nContextProvider value={i18nProvider}>{ui}</I18nContextProvider>);

const goals = (n: number, counted = false) =>
  Array.from({ length: n }, (_, i) => ({ _id: `g${i}`, name: `Goal ${i}`, target: 100, achieve: i * 10, achieve_counted: counted }));

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    window.dispatchEvent(new Event('resize'));
  });
}

const strip = () => document.querySelector('[data-slides-per-view]')!;

afterEach(() => {
  cleanup();
  resizeTo(1024);
});

describe('goal slides per view', () => {
  it.each([
    [1920, 4],
    [1440, 4],
    [1199, 4],
    [1198, 3],
    [1024, 3],
    [1023, 2],
    [630, 2],
    [629, 1],
    [390, 1],
  ])('at %i px shows %i', (width, slides) => {
    expect(goalSlidesPerView(width)).toBe(slides);
  });

  it('never shows more slides than there are goals, and at least one', () => {
    expect(goalSlidesPerView(1440, 2)).toBe(2);
    expect(goalSlidesPerView(700, 1)).toBe(1);
    expect(goalSlidesPerView(1440, 0)).toBe(1);
  });

  it('counts the percentage as achieved × 100 / target', () => {
    expect(goalPercent(120, 500)).toBe(24);
    expect(goalPercent(1, 3)).toBe(33);
    expect(goalPercent(5, 0)).toBe(0);
  });
});

describe('the goal carousel', () => {
  it('shows achieved / target and the name of each goal, with arrows when they do not all fit', () => {
    resizeTo(1440);
    render(<GoalCarousel goals={goals(5)} />);
    expect(strip().getAttribute('data-slides-per-view')).toBe('4');
    const slide = screen.getByRole('group', { name: 'Goal 2: 20 of 100' });
    expect(slide.textContent).toContain('20 / 100');
    expect(slide.textContent).toContain('Goal 2');
    expect(screen.getByRole('button', { name: 'Next goals' })).toBeTruthy();
    expect(screen.getByText(NOT_COUNTED_YET)).toBeTruthy();
  });

  it('follows the window: 3, 2 and then 1 slide as it narrows', () => {
    resizeTo(1440);
    render(<GoalCarousel goals={goals(5)} />);
    resizeTo(1100);
    expect(strip().getAttribute('data-slides-per-view')).toBe('3');
    resizeTo(800);
    expect(strip().getAttribute('data-slides-per-view')).toBe('2');
    resizeTo(390);
    expect(strip().getAttribute('data-slides-per-view')).toBe('1');
  });

  it('has no arrows when every goal fits, and no caption when the counts come from documents', () => {
    resizeTo(1440);
    render(<GoalCarousel goals={goals(3, true)} />);
    // Three slides in a strip of four, as wide as on any other program's carousel.
    expect(strip().getAttribute('data-slides-per-view')).toBe('4');
    expect(screen.queryByRole('button', { name: 'Next goals' })).toBeNull();
    expect(screen.queryByText(NOT_COUNTED_YET)).toBeNull();
  });

  it('leaves the count note to the page when told to', () => {
    render(<GoalCarousel goals={goals(2)} countNote={false} />);
    expect(screen.queryByText(NOT_COUNTED_YET)).toBeNull();
  });

  it('says when a program has no goals', () => {
    render(<GoalCarousel goals={[]} />);
    expect(screen.getByText('No goals set')).toBeTruthy();
  });
});
