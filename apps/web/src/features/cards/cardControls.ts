/** What every control of a card tells the list: a change to announce, that the list is out of date, a refusal to show. */
export interface CardControlProps {
  /** The card changed: the screen announces `message` and reads the list again. */
  onChanged: (message: string) => void;
  /** The card changed meanwhile, or is gone: the list is read again. */
  onStale: () => void;
  /** A refusal to show with the card, in a sentence; null clears it. */
  onProblem: (text: string | null) => void;
}
