import { type RefObject, useEffect } from 'react';

const SCROLLING = 'thead th:not(.cell-frozen):not(.cell-frozen-right)';

/**
 * A table with frozen columns never shows a column cut at their edges (issue 18: "出" or half a number beside the
 * 操作 column). On every scroll and resize this marks the table's root with the sides that have columns out of view
 * (`data-more-left`, `data-more-right`: the frozen edge draws its line there) and with how much of a partly scrolled
 * column shows at each edge (`--cover-left`, `--cover-right`): the frozen edge's cover (kit.css) hides that part,
 * so a column shows whole or not at all. A column wider than the whole window shows as it is.
 */
export function useScrollEdges(root: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const el = root.current;
    const box = el?.querySelector<HTMLElement>('.p-datatable-wrapper');
    if (!el || !box || !active) return;
    const mark = (): void => {
      const max = box.scrollWidth - box.clientWidth;
      el.toggleAttribute('data-more-left', box.scrollLeft > 1);
      el.toggleAttribute('data-more-right', box.scrollLeft < max - 1);
      const edgeLeft = box.querySelector('th.cell-frozen-edge')?.getBoundingClientRect().right;
      const edgeRight = box.querySelector('th.cell-frozen-right')?.getBoundingClientRect().left;
      let left = 0;
      let right = 0;
      if (edgeLeft !== undefined && edgeRight !== undefined) {
        for (const th of box.querySelectorAll(SCROLLING)) {
          const r = th.getBoundingClientRect();
          const cutLeft = r.left < edgeLeft - 0.5 && r.right > edgeLeft + 0.5;
          const cutRight = r.left < edgeRight - 0.5 && r.right > edgeRight + 0.5;
          if (cutLeft && cutRight) continue;
          if (cutLeft) left = r.right - edgeLeft;
          if (cutRight) right = edgeRight - r.left;
        }
      }
      el.style.setProperty('--cover-left', `${Math.ceil(left)}px`);
      el.style.setProperty('--cover-right', `${Math.ceil(right)}px`);
    };
    let frame = 0;
    const later = (): void => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(mark);
    };
    mark();
    box.addEventListener('scroll', later, { passive: true });
    // the box (the window's width) and the table (rows arriving set its width) both change what is out of view
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(later);
    resized?.observe(box);
    const table = box.querySelector('table');
    if (table) resized?.observe(table);
    return () => {
      cancelAnimationFrame(frame);
      box.removeEventListener('scroll', later);
      resized?.disconnect();
      el.removeAttribute('data-more-left');
      el.removeAttribute('data-more-right');
    };
  }, [root, active]);
}
