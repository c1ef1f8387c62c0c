namespace EventCommitLab.Harness.DcbAppends;

/// <summary>What a course-enrollment log holds, as its projection counts it.</summary>
public sealed record DatasetCounts(long Courses, long Students, long Enrollments)
{
    public long Events => Courses + Students + Enrollments;
}
