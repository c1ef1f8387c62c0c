using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Tailing;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Engine.Tailing;

public sealed class ReaderFindingsTests
{
    private static readonly VerificationTally Clean = new(VerificationKind.Verifier, true, 10, 10, []);
    private static readonly ReaderRound Skipping = new(Delivered: 8, Skipped: 2, Polls: 5, FirstSkipped: 3);

    [Fact]
    public void a_skip_by_a_reader_whose_visibility_the_strategy_claims_fails_the_case()
    {
        var found = ReaderFindings.With(Clean, Skipping, ViolationKind.SkippedByReader, claimed: true, "a reader following the log");

        Assert.False(found.Passed);
        var violation = Assert.Single(found.Violations);
        Assert.Equal((ViolationKind.SkippedByReader, true, 2), (violation.Kind, violation.IsFailure, violation.Count));
        Assert.Contains("passed number 3", violation.Example, StringComparison.Ordinal);
    }

    [Fact]
    public void a_skip_where_nothing_is_claimed_is_a_known_weakness_and_the_case_passes()
    {
        var found = ReaderFindings.With(Clean, Skipping, ViolationKind.SkippedByHorizonReader, claimed: false, "a reader stopping below the transaction horizon");

        Assert.True(found.Passed);
        Assert.Equal((ViolationKind.SkippedByHorizonReader, false), (found.Violations[0].Kind, found.Violations[0].IsFailure));
    }

    [Fact]
    public void no_skip_and_no_reader_leave_the_verdict_as_it_was()
    {
        Assert.Same(Clean, ReaderFindings.With(Clean, Skipping with { Skipped = 0 }, ViolationKind.SkippedByReader, claimed: true, "r"));
        Assert.Same(Clean, ReaderFindings.With(Clean, null, ViolationKind.SkippedByReader, claimed: true, "r"));
    }
}
