namespace EventCommitLab.Harness.Reads;

/// <summary>The reads suite's rows, as UmaDB and go-crablet name them.</summary>
public enum ReadsWorkload
{
    /// <summary>All events of one tag (of many): one query per operation.</summary>
    Query,

    /// <summary>The course-enrollment state rebuilt from the log (counts of courses, students, enrollments).</summary>
    Project,

    /// <summary>Readers following the log page by page, as fast as they can.</summary>
    Read,

    /// <summary>Readers following the log, each held to the throttled rate.</summary>
    ReadThrottled,

    /// <summary>Unthrottled readers while the background writers append.</summary>
    ReadWhileWriting,

    /// <summary>One-event appends through the group commit, alone.</summary>
    Append,

    /// <summary>The same appends while the background readers read.</summary>
    AppendWhileReading,
}
