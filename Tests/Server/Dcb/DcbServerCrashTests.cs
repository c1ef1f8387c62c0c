using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Dcb;

/// <summary>
/// The condition's guarantee when the database itself crashes: the postmaster SIGKILLed under rival appends and started
/// again on its data, on a private PostgreSQL of this class's own (killing the shared one would hurt the other tests),
/// each appender in a fresh log of it.
/// </summary>
public sealed class DcbServerCrashTests(OwnPostgresFixture server) : IClassFixture<OwnPostgresFixture>
{
    private readonly OwnPostgres _own = server.Own;

    public static TheoryData<string> Appenders => DcbEnrollments.Appenders;

    [Theory]
    [MemberData(nameof(Appenders))]
    public async Task rival_appends_across_a_server_crash_and_restart_lose_nothing_acknowledged_double_nothing_and_never_both_win(string name)
    {
        await using var log = await _own.Provider.CreateDcbLogAsync(CancellationToken.None);
        await using var appender = DcbAppenderCatalog.Create(name, log);
        var server = _own.Server;

        var findings = await RivalAppendsUnderFault.RunAsync(log, appender, async () =>
        {
            await Task.Delay(TimeSpan.FromSeconds(1));
            await server.CrashAndRestartAsync(CancellationToken.None);
            _own.Provider.ForgetAdminConnections();
            await Task.Delay(TimeSpan.FromSeconds(2));
        });

        Assert.Empty(findings.Violations);
        Assert.True(findings.Written > 0);
        var afterRestart = await appender.AppendAsync(
            new DcbAppend([CourseEnrollmentDataset.Enrollment(1, "after-restart", DcbEnrollments.At)], new AppendCondition(DcbEnrollments.EnrollmentsOf("after-restart"), null)),
            CancellationToken.None);
        Assert.True(afterRestart.Appended, "the appender did not write again after the server came back");
    }
}
