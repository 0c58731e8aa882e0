import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PAUSE_MS, useListSearch } from './filter-controls.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useListSearch', () => {
  it('asks for the typed text, trimmed, once typing pauses, and goes back to the first page', () => {
    const { result } = renderHook(() => useListSearch());
    expect(result.current.params).toEqual({ q: undefined, page: 1 });
    act(() => result.current.setPage(3));
    act(() => result.current.setQ(' Fresh'));
    expect(result.current.q).toBe(' Fresh');
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS - 1));
    expect(result.current.params).toEqual({ q: undefined, page: 3 });
    act(() => result.current.setQ(' FreshMart '));
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS - 1));
    expect(result.current.params.q).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.params).toEqual({ q: 'FreshMart', page: 1 });
  });

  it('keeps the page when the text changes only by spaces, and clears the search when the box is emptied', () => {
    const { result } = renderHook(() => useListSearch());
    act(() => result.current.setQ('Polar'));
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS));
    act(() => result.current.setPage(2));
    act(() => result.current.setQ('Polar  '));
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS));
    expect(result.current.params).toEqual({ q: 'Polar', page: 2 });
    act(() => result.current.setQ(''));
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS));
    expect(result.current.params).toEqual({ q: undefined, page: 1 });
  });

  it('keeps a page chosen before the first pause', () => {
    const { result } = renderHook(() => useListSearch());
    act(() => result.current.setPage(2));
    act(() => vi.advanceTimersByTime(SEARCH_PAUSE_MS * 2));
    expect(result.current.params).toEqual({ q: undefined, page: 2 });
  });
});
