import { describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useAfterPageLoad } from './use-after-page-load';

describe('useAfterPageLoad', () => {
  it('is false until the window has loaded, then true', () => {
    const state = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const { result } = renderHook(() => useAfterPageLoad());
    expect(result.current).toBe(false);
    state.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(true);
    state.mockRestore();
  });

  it('is true at once on a page that has already loaded', () => {
    const state = jest.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const { result } = renderHook(() => useAfterPageLoad());
    expect(result.current).toBe(true);
    state.mockRestore();
  });
});
