using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Dcb;

/// <summary>
/// The condition's guarantee, for each mechanism, against the real database: of two appends whose conditions each match
/// the other's events, exactly one is written.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class ConditionalAppendTests(LabStores stores)
{
    /// <summary>"Enroll the student in this course if it is enrolled nowhere yet (after what I read)."</summary>
    private static DcbAppend FirstEnrollment(string student, int course, long? readUpTo) =>
        new([CourseEnrollmentDataset.Enrollment(course, student, DcbEnrollments.At)], new AppendCondition(DcbEnrollments.EnrollmentsOf(student), readUpTo));

    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task of_two_concurrent_appends_whose_conditions_match_each_others_events_exactly_one_is_written(string name)
    {
        await using var log = await stores.FreshDcbLogAsync();
        await using var appender = DcbAppenderCatalog.Create(name, log);

        for (var round = 0; round < 20; round++)
        {
            var student = $"s{round}";
            var head = await log.HeadAsync(CancellationToken.None);
            var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            var rivals = new[] { 1, 2 }.Select(course => Task.Run(async () =>
            {
                await gate.Task;
                return await appender.AppendAsync(FirstEnrollment(student, course, head), CancellationToken.None);
            })).ToArray();
            gate.SetResult();
            var results = await Task.WhenAll(rivals);

            Assert.Equal(1, results.Count(r => r.Appended));
            Assert.Single(await log.ReadAsync(DcbEnrollments.EnrollmentsOf(student), 0, 10, CancellationToken.None));
        }
    }

    [Fact]
    public async Task two_group_commit_writers_on_one_log_as_two_processes_let_exactly_one_of_two_rival_appends_win()
    {
        await using var log = await stores.FreshDcbLogAsync();
        await using var first = new GroupCommitAppender(log);
        await using var second = new GroupCommitAppender(log);

        for (var round = 0; round < 20; round++)
        {
            var student = $"p{round}";
            var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            var rivals = new[] { first, second }.Select((writer, i) => Task.Run(async () =>
            {
                await gate.Task;
                return await writer.AppendAsync(FirstEnrollment(student, i, null), CancellationToken.None);
            })).ToArray();
            gate.SetResult();

            Assert.Equal(1, (await Task.WhenAll(rivals)).Count(r => r.Appended));
        }

        Assert.Equal(20, (await log.ReadAsync(null, 0, 100, CancellationToken.None)).Count);
    }

    [Fact]
    public async Task in_one_batch_the_first_of_two_rivals_is_written_and_the_second_refused()
    {
        await using var log = await stores.FreshDcbLogAsync();

        var results = await log.AppendBatchAsync([FirstEnrollment("b", 1, 0), FirstEnrollment("b", 2, 0), FirstEnrollment("c", 1, 0)], CancellationToken.None);

        Assert.Equal([true, false, true], results.Select(r => r!.Appended));
        Assert.Equal([1L], results[0]!.Positions);
        Assert.Equal([2L], results[2]!.Positions);
    }

    [Fact]
    public async Task an_append_refused_in_batch_only_because_of_one_the_log_broke_is_left_undecided_and_the_group_commit_writes_it()
    {
        await using var log = await stores.FreshDcbLogAsync();
        await log.LoadAsync([CourseEnrollmentDataset.Enrollment(9, "taken", DcbEnrollments.At)], CancellationToken.None);
        // The first append's condition is broken by the log; the second conflicts only with the first's events.
        var broken = FirstEnrollment("taken", 1, 0);
        var second = new DcbAppend(
            [CourseEnrollmentDataset.Enrollment(2, "other", DcbEnrollments.At)],
            new AppendCondition(DcbQuery.Of([CourseEnrollmentDataset.EnrollmentCompleted], CourseEnrollmentDataset.CourseTag(1)), 0));

        var results = await log.AppendBatchAsync([broken, second], CancellationToken.None);
        Assert.False(results[0]!.Appended);
        Assert.Null(results[1]);
        Assert.Equal(1, await log.HeadAsync(CancellationToken.None));

        await using var appender = new GroupCommitAppender(log);
        Assert.True((await appender.AppendAsync(second, CancellationToken.None)).Appended);
    }

    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task a_condition_is_broken_only_by_matching_events_after_the_position_it_names(string name)
    {
        await using var log = await stores.FreshDcbLogAsync();
        await using var appender = DcbAppenderCatalog.Create(name, log);
        await log.LoadAsync([CourseEnrollmentDataset.Enrollment(1, "x", DcbEnrollments.At), CourseEnrollmentDataset.Enrollment(1, "y", DcbEnrollments.At)], CancellationToken.None);

        // x's enrollment is at position 1: read up to it, the condition holds; read up to nothing, it is broken.
        Assert.True((await appender.AppendAsync(FirstEnrollment("x", 2, 1), CancellationToken.None)).Appended);
        Assert.False((await appender.AppendAsync(FirstEnrollment("y", 3, null), CancellationToken.None)).Appended);
        Assert.False((await appender.AppendAsync(FirstEnrollment("x", 4, 1), CancellationToken.None)).Appended);
        Assert.Equal(3, await log.HeadAsync(CancellationToken.None));
    }

    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task an_unconditional_append_writes_its_events_in_order_with_their_types_tags_and_payloads(string name)
    {
        await using var log = await stores.FreshDcbLogAsync();
        await using var appender = DcbAppenderCatalog.Create(name, log);
        DcbEvent[] events = [CourseEnrollmentDataset.Enrollment(1, "z", DcbEnrollments.At), new DcbEvent("Untagged", [], "{\"n\": 2}"), CourseEnrollmentDataset.Enrollment(3, "z", DcbEnrollments.At)];

        var result = await appender.AppendAsync(DcbAppend.Unconditional(events), CancellationToken.None);

        var stored = await log.ReadAsync(null, 0, 10, CancellationToken.None);
        Assert.Equal(result.Positions, stored.Select(e => e.Position));
        Assert.Equal(events.Select(e => (e.Type, string.Join(",", e.Tags))), stored.Select(e => (e.Type, string.Join(",", e.Tags))));
        Assert.All(events.Zip(stored), p => Assert.Equal(EventCommitLab.Verification.JsonDigest.Of(p.Item1.Payload), EventCommitLab.Verification.JsonDigest.Of(p.Item2.Payload)));
    }

    [Fact]
    public async Task an_append_the_database_refuses_fails_alone_in_the_group_commit_and_the_appends_after_it_are_written()
    {
        // Each try on a fresh log: the batch the bad append breaks is the one in which the log's statements are first
        // prepared, which is when a connection's prepared statements could fall out of step with the server (it did in
        // about every other try before the log forgot them after a failed batch).
        for (var attempt = 0; attempt < 4; attempt++)
        {
            await using var log = await stores.FreshDcbLogAsync();
            await using var appender = new GroupCommitAppender(log);

            var appends = Enumerable.Range(0, 20).Select(i => appender.AppendAsync(
                DcbAppend.Unconditional(i == 7 ? new DcbEvent("Bad", [], "not json") : CourseEnrollmentDataset.Enrollment(i, $"g{i}", DcbEnrollments.At)), CancellationToken.None)).ToArray();

            await Assert.ThrowsAnyAsync<PostgresException>(() => appends[7]);
            Assert.All(appends.Where((_, i) => i != 7), a => Assert.True(a.Result.Appended));
            Assert.True((await appender.AppendAsync(DcbAppend.Unconditional(CourseEnrollmentDataset.Enrollment(20, "g20", DcbEnrollments.At)), CancellationToken.None)).Appended);
            Assert.Equal(20, (await log.ReadAsync(null, 0, 100, CancellationToken.None)).Count);
        }
    }
}
