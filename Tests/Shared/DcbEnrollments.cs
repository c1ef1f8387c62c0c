using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;

namespace EventCommitLab.Tests.Dcb;

/// <summary>What the DCB tests append: enrollments at a fixed instant, the query of a "not enrolled yet" condition, and the appenders.</summary>
internal static class DcbEnrollments
{
    /// <summary>When the tests' enrollments happened: a fixed instant, so that their payloads are the same on every run.</summary>
    public static readonly DateTimeOffset At = new(2026, 11, 23, 9, 0, 0, TimeSpan.Zero);

    public static TheoryData<string> Appenders => [.. DcbAppenderCatalog.All.Keys];

    /// <summary>Every enrollment of <paramref name="student"/>: the query of a "not enrolled yet" condition.</summary>
    public static DcbQuery EnrollmentsOf(string student) => DcbQuery.Of([CourseEnrollmentDataset.EnrollmentCompleted], CourseEnrollmentDataset.StudentTag(student));
}
