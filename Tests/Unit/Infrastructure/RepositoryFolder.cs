namespace EventCommitLab.Tests.Infrastructure;

/// <summary>The repository the tests were built from: its committed runs are read as they are.</summary>
internal static class RepositoryFolder
{
    public static string Root
    {
        get
        {
            for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Benchmarks.sln")))
                {
                    return dir.FullName;
                }
            }

            throw new DirectoryNotFoundException("The repository was not found above the test's folder.");
        }
    }

    public static string Results => Path.Combine(Root, "results");
}
