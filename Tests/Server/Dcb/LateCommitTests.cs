using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Dcb;

/// <summary>
/// A condition's "after P" against an event numbered before P whose commit lands after the caller read up to P: each
/// appender does what <see cref="IDcbAppender.KeepsAfterAgainstLateCommits"/> claims, shown on the real database with a
/// commit held back for real (a deferred trigger waiting on a lock the test holds).
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class LateCommitTests(LabStores stores)
{
    private const long HeldCommit = 0x4C_41_54_45;
    private const string HoldTag = "test:hold-commit";
    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task an_event_numbered_before_the_read_position_and_committed_after_the_read_fails_the_condition_only_where_the_appender_claims_it(string name)
    {
        await using var log = await stores.FreshDcbLogAsync();
        var postgres = (PostgresDcbLog)log;
        await using var appender = DcbAppenderCatalog.Create(name, log);
        await using var hold = await CommitHold.InstallAsync(postgres.ConnectionString, DcbLogSql.Table, $"NEW.tags @> ARRAY['{HoldTag}']", HeldCommit);

        // The late writer: its condition holds, its event is numbered, and its COMMIT waits behind the test's lock.
        var enrollment = CourseEnrollmentDataset.Enrollment(1, "late", DcbEnrollments.At);
        var late = appender.AppendAsync(
            new DcbAppend([enrollment with { Tags = [.. enrollment.Tags, HoldTag] }], new AppendCondition(DcbEnrollments.EnrollmentsOf("late"), null)), CancellationToken.None);
        await hold.WaitUntilACommitIsHeldAsync();

        // Another append commits meanwhile where it can (a group commit's single writer holds it back), and the rival
        // reads up to the head: the late event is not there to read. The late commit lands; then the rival appends on
        // what it read, as a caller does after deciding.
        var other = appender.AppendAsync(new DcbAppend([CourseEnrollmentDataset.Enrollment(3, "other", DcbEnrollments.At)], null), CancellationToken.None);
        await Task.WhenAny(other, Task.Delay(TimeSpan.FromSeconds(5), TestContext.Current.CancellationToken));
        var head = await log.HeadAsync(CancellationToken.None);
        Assert.Empty(await log.ReadAsync(DcbEnrollments.EnrollmentsOf("late"), 0, 10, CancellationToken.None));
        await hold.ReleaseAsync();
        Assert.True((await late.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken)).Appended);
        await other.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken);

        var rival = await appender.AppendAsync(
            new DcbAppend([CourseEnrollmentDataset.Enrollment(2, "late", DcbEnrollments.At)], new AppendCondition(DcbEnrollments.EnrollmentsOf("late"), head)), CancellationToken.None);

        var written = await log.ReadAsync(DcbEnrollments.EnrollmentsOf("late"), 0, 10, CancellationToken.None);
        Assert.Equal(rival.Appended ? 2 : 1, written.Count);
        Assert.Equal(appender.KeepsAfterAgainstLateCommits ? 1 : 2, written.Count);
    }
}
