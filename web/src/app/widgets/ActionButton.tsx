import { Button, type ButtonProps, Tooltip } from 'antd';
import { useId } from 'react';

export interface ActionButtonProps extends Omit<ButtonProps, 'disabled'> {
  /**
   * Why the action cannot be taken now, in the words of what enables it ("Select cartons to
   * assign."); the button is disabled exactly when there is one. Never a disabled button without
   * a reason.
   */
  blockedBecause?: string | false | null;
}

/**
 * A screen's action button. Disabled only with a reason: shown in a tooltip on hover and focus,
 * and tied to the button as its description for screen readers. (A disabled button takes no
 * pointer events, so the tooltip sits on a wrapper.)
 */
export default function ActionButton({ blockedBecause, ...props }: ActionButtonProps) {
  const reasonId = useId();
  if (!blockedBecause) return <Button {...props} />;
  return (
    <Tooltip title={blockedBecause}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} tabIndex={0} data-blocked-because={blockedBecause}>
        <Button {...props} disabled aria-describedby={reasonId} style={{ ...props.style, pointerEvents: 'none' }} />
        <span id={reasonId} hidden>
          {blockedBecause}
        </span>
      </span>
    </Tooltip>
  );
}
