namespace EventCommitLab.Strategies;

/// <summary>Ends a catalog's addition for one flow of control: puts back what the catalog held before it.</summary>
public sealed class CatalogScope(Action restore) : IDisposable
{
    public void Dispose() => restore();
}
