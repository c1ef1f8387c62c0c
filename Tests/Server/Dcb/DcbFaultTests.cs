using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Dcb;

/// <summary>
/// The condition's guarantee under real faults: server connections ended (as an administrator or a failover ends them)
/// while appends are in flight. Read back from the database: no append told written is missing or doubled, none told
/// refused is there, of two rivals at most one is, and a refusal always has its rival's event behind it.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class DcbFaultTests(LabStores stores)
{
    private static DcbAppend FirstEnrollment(string student, int course) =>
        new([CourseEnrollmentDataset.Enrollment(course, student, DcbEnrollments.At)], new AppendCondition(DcbEnrollments.EnrollmentsOf(student), null));

    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task an_append_whose_connection_the_server_ends_before_its_commit_is_tried_again_and_written_once(string name)
    {
        await using var log = await stores.FreshDcbLogAsync();
        var postgres = (PostgresDcbLog)log;
        await using var appender = DcbAppenderCatalog.Create(name, log);

        // Every append's first statement on the table waits behind this lock, so its connection is ended mid-transaction.
        await using var holder = await postgres.OpenConnectionAsync(CancellationToken.None);
        await using var hold = await holder.BeginTransactionAsync(TestContext.Current.CancellationToken);
        await using (var lockTable = new NpgsqlCommand($"LOCK TABLE {DcbLogSql.Table} IN ACCESS EXCLUSIVE MODE", holder, hold))
        {
            await lockTable.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
        }

        var append = appender.AppendAsync(FirstEnrollment("ended", 1), CancellationToken.None);
        await using var observer = await postgres.OpenConnectionAsync(CancellationToken.None);
        var ended = 0;
        var endedBefore = new HashSet<int>();
        for (var blow = 0; blow < 2; blow++)
        {
            ended += await EndWaitingAppendAsync(observer, endedBefore);
        }

        await hold.RollbackAsync(TestContext.Current.CancellationToken);
        var result = await append.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken);

        Assert.Equal(2, ended);
        Assert.Equal(2, appender.Retries);
        Assert.True(result.Appended);
        var stored = Assert.Single(await log.ReadAsync(null, 0, 10, CancellationToken.None));
        Assert.Equal(result.Positions, [stored.Position]);
    }

    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task rival_appends_while_connections_are_ended_at_random_lose_nothing_double_nothing_and_never_both_win(string name)
    {
        await using var log = await stores.FreshDcbLogAsync();
        var provider = (PostgresStoreProvider)await stores.ProviderAsync("postgres");
        await using var appender = DcbAppenderCatalog.Create(name, log);
        var ended = 0;

        var findings = await RivalAppendsUnderFault.RunAsync(log, appender, async () =>
        {
            var until = DateTime.UtcNow.AddSeconds(4);
            while (DateTime.UtcNow < until)
            {
                ended += await provider.TerminateBackendsAsync(((PostgresDcbLog)log).DatabaseName, 2, CancellationToken.None);
                await Task.Delay(15);
            }
        });

        Assert.Empty(findings.Violations);
        Assert.True(ended > 0, "no connection was ended: the fault was not injected");
        Assert.True(findings.Written > 0);
    }

    [Theory]
    [MemberData(nameof(DcbEnrollments.Appenders), MemberType = typeof(DcbEnrollments))]
    public async Task an_append_whose_commit_landed_but_whose_answer_was_cut_is_reported_unknown_never_retried_and_is_in_the_log_once(string name)
    {
        await using var direct = await stores.FreshDcbLogAsync();
        var target = new NpgsqlConnectionStringBuilder(((PostgresDcbLog)direct).ConnectionString);
        await using var relay = new CommitCuttingRelay(target.Port);
        target.Port = relay.Port;
        target.SslMode = SslMode.Disable;
        await using var viaRelay = PostgresDcbLog.Open(target.ConnectionString, "through a cutting relay");
        await using var appender = DcbAppenderCatalog.Create(name, viaRelay);
        Assert.True((await appender.AppendAsync(FirstEnrollment("before", 1), CancellationToken.None)).Appended);

        relay.Arm(CommitCuttingRelay.Cut.AfterBatchedCommitLanded);
        var lost = await Record.ExceptionAsync(() => appender.AppendAsync(FirstEnrollment("cut", 1), CancellationToken.None));

        Assert.Equal(1, relay.Cuts);
        Assert.NotNull(lost);
        Assert.Equal(StoreErrorKind.OutcomeUnknown, viaRelay.Classify(lost));
        Assert.Equal(0, appender.Retries);
        Assert.Single(await direct.ReadAsync(DcbEnrollments.EnrollmentsOf("cut"), 0, 10, CancellationToken.None));

        // The caller decides again on what the log now holds: its own landed event refuses the same enrollment elsewhere.
        Assert.False((await appender.AppendAsync(FirstEnrollment("cut", 2), CancellationToken.None)).Appended);
        Assert.Single(await direct.ReadAsync(DcbEnrollments.EnrollmentsOf("cut"), 0, 10, CancellationToken.None));
    }

    /// <summary>Waits until an append waits behind the held lock, then ends its connection; returns 1 (0 if none came).</summary>
    /// <remarks>Asked outside any transaction: inside one, pg_stat_activity shows the same snapshot every time.</remarks>
    /// <summary>
    /// Ends the server process of the append waiting on the lock, once one waits; 1 if it did. A process already ended
    /// stays in pg_stat_activity, still waiting, until it has exited, so the processes ended before are skipped: ending
    /// one of them again would count a retry that never happened.
    /// </summary>
    private static async Task<int> EndWaitingAppendAsync(NpgsqlConnection observer, HashSet<int> endedBefore)
    {
        await using var end = new NpgsqlCommand(
            "WITH waiting AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND pid <> ALL ($1)) " +
            "SELECT pid FROM waiting WHERE pg_terminate_backend(pid)",
            observer);
        end.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. endedBefore] });
        var until = DateTime.UtcNow.AddSeconds(30);
        while (DateTime.UtcNow < until)
        {
            var ended = 0;
            await using (var reader = await end.ExecuteReaderAsync())
            {
                while (await reader.ReadAsync())
                {
                    endedBefore.Add(reader.GetInt32(0));
                    ended++;
                }
            }

            if (ended > 0)
            {
                return 1;
            }

            await Task.Delay(10);
        }

        return 0;
    }
}
