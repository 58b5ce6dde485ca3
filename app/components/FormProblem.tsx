/**
 * Why a form was refused (spec 001's error_message or the form's own fallback), read out at once
 * by screen readers; nothing when there is no problem.
 */
export function FormProblem({ problem }: { problem: string | null | undefined }) {
  if (!problem) return null;
  return (
    <p className="form-problem" role="alert">
      {problem}
    </p>
  );
}
