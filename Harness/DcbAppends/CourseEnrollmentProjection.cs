using EventCommitLab.Contract.Model;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>The reads suite's Project: the state rebuilt from the log, page by page: how many courses, students and enrollments.</summary>
public static class CourseEnrollmentProjection
{
    public const int PageSize = 5_000;

    private static readonly DcbQuery Types = new([new DcbQueryItem(
        [CourseEnrollmentDataset.CourseOffered, CourseEnrollmentDataset.StudentRegistered, CourseEnrollmentDataset.EnrollmentCompleted], [])]);

    public static async Task<DatasetCounts> ProjectAsync(IDcbLogReader log, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(log);
        long courses = 0, students = 0, enrollments = 0, after = 0;
        while (true)
        {
            var page = await log.ReadAsync(Types, after, PageSize, cancellationToken).ConfigureAwait(false);
            foreach (var e in page)
            {
                switch (e.Type)
                {
                    case CourseEnrollmentDataset.CourseOffered: courses++; break;
                    case CourseEnrollmentDataset.StudentRegistered: students++; break;
                    default: enrollments++; break;
                }
            }

            if (page.Count < PageSize)
            {
                return new DatasetCounts(courses, students, enrollments);
            }

            after = page[^1].Position;
        }
    }
}
