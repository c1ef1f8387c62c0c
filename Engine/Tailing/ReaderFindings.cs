using System.Globalization;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Tailing;

/// <summary>
/// A reader's skips join the verifier's findings: a failure when the strategy claims the visibility that reader checks
/// (the case then fails its check), its known weakness when it does not.
/// </summary>
internal static class ReaderFindings
{
    /// <param name="reader">Names the reader in the example, e.g. "a reader following the log".</param>
    public static VerificationTally With(VerificationTally verification, ReaderRound? seen, ViolationKind violation, bool claimed, string reader)
    {
        ArgumentNullException.ThrowIfNull(verification);
        if (seen is not { Skipped: > 0 } skipping || verification.Checked != VerificationKind.Verifier)
        {
            return verification;
        }

        var example = string.Create(CultureInfo.InvariantCulture,
            $"{reader} passed number {skipping.FirstSkipped} before it was committed ({skipping.Skipped} such numbers over the measured rounds)");
        return verification with
        {
            Passed = verification.Passed && !claimed,
            Violations = [.. verification.Violations, new ViolationTally(violation, claimed, (int)Math.Min(skipping.Skipped, int.MaxValue), example)],
        };
    }
}
