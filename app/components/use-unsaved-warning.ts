import { useCallback, useEffect, useState } from "react";
import { useBeforeUnload, useBlocker, useNavigation, type Location } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** Another page is leaving; the roof tool also counts another customer (`?customer=`) as leaving. */
export type IsLeaving = (current: Location, next: Location) => boolean;

const otherPage: IsLeaving = (current, next) => current.pathname !== next.pathname;

/**
 * Typed or traced work not saved yet: leaving for another page, or closing the tab, asks
 * first. A save must post to a place `isLeaving` does not count as leaving (the page as it
 * stands, search included): the blocker sees a form's post before it starts, as any other
 * navigation, and would ask about it.
 */
export function useUnsavedWarning(unsaved: boolean, question: string, isLeaving: IsLeaving = otherPage) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      unsaved && historyAction !== "REPLACE" && isLeaving(currentLocation, nextLocation),
  );
  const navigation = useNavigation();
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // A save redirects to the saved record: that is not leaving.
    if (navigation.formMethod === "POST" || window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, navigation.formMethod, question]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (unsaved) event.preventDefault();
      },
      [unsaved],
    ),
  );
}

/**
 * Whether the form `formId` holds typed work: its fields differ from what they held when
 * it was drawn. `drawnFrom` names what it was drawn from (the stored value): when that
 * changes, the form is drawn afresh and typing starts over.
 */
export function useTypedWork(formId: string, drawnFrom: string): boolean {
  const drawing = `${formId} ${drawnFrom}`;
  // Typing counts for the drawing it happened in: a new drawing starts untyped.
  const [typed, setTyped] = useState({ drawing: "", typed: false });
  // The drawing the server's page came with: its fields' defaults are what it was drawn
  // with, and on a slow phone it can be typed in before its scripts run. A drawing made in
  // the browser (after a save, or on another page first) is read when it is drawn: conform
  // and React set its values, not always its defaults.
  const hydrated = useHydrated();
  const [serverDrawing] = useState(hydrated ? null : drawing);
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    if (!form) return;
    const fields = (of: HTMLFormElement) =>
      JSON.stringify(
        [...new FormData(of)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]),
      );
    let drawnForm = form;
    if (drawing === serverDrawing) {
      drawnForm = form.cloneNode(true) as HTMLFormElement;
      drawnForm.reset();
    }
    const drawn = fields(drawnForm);
    const check = () => setTyped({ drawing, typed: fields(form) !== drawn });
    check();
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
    };
  }, [formId, drawing, serverDrawing]);
  return typed.drawing === drawing && typed.typed;
}
