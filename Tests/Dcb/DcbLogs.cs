using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Dcb;

/// <summary>Fresh DCB logs on the tests' private PostgreSQL, and what the DCB tests append to them.</summary>
internal static class DcbLogs
{
    /// <summary>When the tests' enrollments happened: a fixed instant, so that their payloads are the same on every run.</summary>
    public static readonly DateTimeOffset At = new(2026, 11, 23, 9, 0, 0, TimeSpan.Zero);

    public static TheoryData<string> Appenders => [.. DcbAppenderCatalog.All.Keys];

    public static async Task<IDcbLog> FreshAsync(LabStores stores) =>
        await ((IDcbLogProvider)await stores.ProviderAsync("postgres")).CreateDcbLogAsync(CancellationToken.None);

    /// <summary>Every enrollment of <paramref name="student"/>: the query of a "not enrolled yet" condition.</summary>
    public static DcbQuery EnrollmentsOf(string student) => DcbQuery.Of([CourseEnrollmentDataset.EnrollmentCompleted], CourseEnrollmentDataset.StudentTag(student));
}
